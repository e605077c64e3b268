import type { Field, FieldScenario } from '@croupier/contract';
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
  const cache = new Map<FieldScenario, { value: Promise<Field[]>; expiresAt: number }>();
  return {
    listFields(scenario: FieldScenario): Promise<Field[]> {
      const now = Date.now();
      const entry = cache.get(scenario);
      if (entry && entry.expiresAt > now) return entry.value;
      const value = options.repository.listFields(scenario).then((rows) => rows.map(toField));
      cache.set(scenario, { value, expiresAt: now + ttlMs });
      // A failed load must not be served from the cache.
      value.catch(() => cache.delete(scenario));
      return value;
    },
    clearCache(): void {
      cache.clear();
    },
  };
}

export type FieldRulesService = ReturnType<typeof createFieldRulesService>;
