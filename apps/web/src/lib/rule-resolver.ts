import type { ValidationFailure } from '@croupier/contract';
import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';

/**
 * The forms' one way to validate: a react-hook-form resolver over the contract's rules.
 * `check` returns the failing fields (dotted paths for nested values, `fields.wallet_id`)
 * with the contract's failures — from its field rules, its amount rule or a zod schema
 * (`zodFailures`); `text` turns a failure into the content's words (useFailureText).
 */
export function ruleResolver<V extends FieldValues>(
  check: (values: V) => Readonly<Record<string, ValidationFailure>>,
  text: (failure: ValidationFailure) => string,
): Resolver<V> {
  return (values) => {
    const failures = Object.entries(check(values));
    if (failures.length === 0) return { values, errors: {} };
    const errors: FieldErrors<V> = {};
    for (const [path, failure] of failures) set(errors, path, { type: failure.rule, message: text(failure) });
    return { values: {}, errors };
  };
}
