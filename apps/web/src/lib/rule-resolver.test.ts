import {
  communicationBodySchema,
  fieldFailures,
  ruleFailure,
  validateAmount,
  type ValidationFailure,
} from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { ruleResolver } from './rule-resolver';

const text = (failure: ValidationFailure) =>
  `${failure.rule}${failure.params?.max !== undefined ? `:${failure.params.max}` : ''}`;
const options = { shouldUseNativeValidation: false, fields: {} } as const;

describe('rule resolver', () => {
  it('passes valid values through', async () => {
    const resolver = ruleResolver<{ amount: string }>((values): Record<string, ValidationFailure> => {
      const failure = validateAmount(values.amount, { min: 1, max: 10 });
      return failure ? { amount: failure } : {};
    }, text);
    expect(await resolver({ amount: '5' }, undefined, options)).toEqual({ values: { amount: '5' }, errors: {} });
  });

  it('puts failures at their (nested) paths with the content text', async () => {
    const resolver = ruleResolver<{ amount: string; fields: Record<string, string> }>(
      () => ({ amount: ruleFailure('between', { min: 1, max: 10 }), 'fields.wallet_id': ruleFailure('regex') }),
      text,
    );
    const result = await resolver({ amount: '50', fields: { wallet_id: 'x' } }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      amount: { type: 'between', message: 'between:10' },
      fields: { wallet_id: { type: 'regex', message: 'regex' } },
    });
  });

  it("reads a contract zod schema's failures (the contact form)", async () => {
    const resolver = ruleResolver<{ email: string; message: string }>((values) => {
      const parsed = communicationBodySchema.safeParse(values);
      return parsed.success ? {} : fieldFailures(parsed.error);
    }, text);
    const result = await resolver({ email: 'nope', message: 'x'.repeat(5001) }, undefined, options);
    expect(result.errors).toEqual({
      email: { type: 'email', message: 'email' },
      message: { type: 'maxLength', message: 'maxLength:5000' },
    });
    const empty = await resolver({ email: ' ', message: '' }, undefined, options);
    expect(empty.errors).toMatchObject({ email: { type: 'required' }, message: { type: 'required' } });
  });
});
