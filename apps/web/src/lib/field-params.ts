import type { ValidationFailure } from '@croupier/contract';

/**
 * Content templates of the age and size rules name their number `{param}`, while the
 * shared failures carry `{min}` / `{max}`: both are given so that either wording works.
 */
export function withParamAlias(failure: ValidationFailure): ValidationFailure {
  const params = failure.params;
  if (!params || params.param !== undefined) return failure;
  const param = params.min ?? params.max;
  return param === undefined ? failure : { ...failure, params: { ...params, param } };
}
