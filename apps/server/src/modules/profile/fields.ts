import type { Field, FieldScenario } from '@croupier/contract';
import { cached } from '../../lib/cached';
import type { FieldRow, ProfileRepository } from './repository';

/** Field rules change rarely and every visitor's app loads them: each process keeps them this long. */
const CACHE_TTL_MS = 30_000;

function toField(row: FieldRow): Field {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    editable: row.editable,
    isRequired: row.is_required,
    isVisible: row.is_visible,
    position: row.position,
    ...(row.default_value === null ? {} : { value: row.default_value }),
  };
}

/** Which fields the registration and profile forms show and require, per scenario. */
export function createFieldRulesService(options: { repository: ProfileRepository; ttlMs?: number }) {
  const ttlMs = options.ttlMs ?? CACHE_TTL_MS;
  const load = (scenario: FieldScenario) => async () => (await options.repository.listFields(scenario)).map(toField);
  const byScenario: Record<FieldScenario, ReturnType<typeof cached<Field[]>>> = {
    registration: cached(load('registration'), ttlMs),
    profile: cached(load('profile'), ttlMs),
  };
  return {
    listFields: (scenario: FieldScenario): Promise<Field[]> => byScenario[scenario].get(),
    clearCache(): void {
      byScenario.registration.clear();
      byScenario.profile.clear();
    },
  };
}

export type FieldRulesService = ReturnType<typeof createFieldRulesService>;
