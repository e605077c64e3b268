import { messageFor, ruleFailure, type FieldErrors, type MessageParams, type RuleName } from '@croupier/contract';
import { AppError } from './errors';

/** The text of a shared rule's failure, as the error handler writes it for schema failures. */
export function ruleText(rule: RuleName, params?: MessageParams): string {
  return messageFor(ruleFailure(rule, params));
}

/**
 * Field errors found by a service (duplicates, settings lookups, field rules), gathered
 * so that one 422 reports every problem of a form at once.
 */
export function fieldErrors() {
  const fields: FieldErrors = {};
  return {
    add(field: string, message: string): void {
      (fields[field] ??= []).push(message);
    },
    has(field: string): boolean {
      return fields[field] !== undefined;
    },
    /** Throws the 422 when anything was added. */
    throwIfAny(): void {
      if (Object.keys(fields).length > 0) throw AppError.validation(fields);
    },
  };
}
