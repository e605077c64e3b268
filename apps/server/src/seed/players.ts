import type { FieldScenario } from '@croupier/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { PlayerFieldTable } from '../db/schema';
import { createProfileRepository } from '../modules/profile/repository';
import type { Seeder } from './index';

/**
 * The field rules of the registration and profile forms. Players are not seeded here:
 * the demo player (outside production only) comes with its funded accounts from
 * `seed/wallet.ts`, and tests create their own.
 */
interface FieldSeed {
  name: string;
  description: string;
  isRequired?: boolean;
  isVisible?: boolean;
  editable?: boolean;
  value?: string | number | boolean;
}

/**
 * The registration fields besides the login: each tab supplies its own login field (e-mail
 * or phone). A `phone` row here would ask for a phone in addition on the e-mail tab.
 */
const REGISTRATION: FieldSeed[] = [
  { name: 'password', description: 'At least 6 characters', isRequired: true },
  { name: 'password_confirmation', description: 'The password again', isRequired: true },
  { name: 'currency', description: "Account currency; the visitor country's currency by default" },
  { name: 'country', description: "Country of residence; the visitor's country by default" },
  { name: 'nickname', description: "Shown to other players; the e-mail's local part by default", isVisible: false },
  { name: 'locale', description: 'The site language in use', isVisible: false },
  { name: 'bonusCode', description: 'A welcome bonus code, if the player has one' },
  { name: 'receiveEmailPromo', description: 'Offers and news by e-mail (e-mail tab)' },
  { name: 'receiveSmsPromo', description: 'Offers and news by SMS (phone tab)' },
  { name: 'agreements', description: 'Adult, and accepts the terms and the privacy policy', isRequired: true },
];

const PROFILE: FieldSeed[] = [
  { name: 'email', description: 'A change must be confirmed again by e-mail' },
  { name: 'phone', description: 'A change must be confirmed again by SMS' },
  { name: 'nickname', description: 'Shown to other players' },
  { name: 'firstName', description: 'As on the identity document' },
  { name: 'lastName', description: 'As on the identity document' },
  { name: 'birthdate', description: 'YYYY-MM-DD; players must be adults' },
  { name: 'gender', description: 'male or female' },
  // Where the player lives decides which rules apply: set once, changed through support.
  { name: 'country', description: 'Country of residence', editable: false },
  { name: 'city', description: 'City' },
  { name: 'address', description: 'Street and house number' },
  { name: 'postalCode', description: 'Postal code' },
  { name: 'timeZone', description: 'An id of constants player.timeZone' },
  { name: 'locale', description: 'Language of the site and of messages', isVisible: false },
  { name: 'receiveEmailPromo', description: 'Offers and news by e-mail' },
  { name: 'receiveSmsPromo', description: 'Offers and news by SMS' },
];

/** Stable ids: registration 1xx (from 103: 101 and 102 were the login fields), profile 2xx, in form order. */
function rows(scenario: FieldScenario, seeds: FieldSeed[], firstId: number): Insertable<PlayerFieldTable>[] {
  return seeds.map((seed, index) => ({
    id: firstId + index,
    scenario,
    name: seed.name,
    description: seed.description,
    editable: seed.editable ?? true,
    is_required: seed.isRequired ?? false,
    is_visible: seed.isVisible ?? true,
    position: (index + 1) * 10,
    default_value: seed.value === undefined ? null : JSON.stringify(seed.value),
  }));
}

export function playerFieldRows(): Insertable<PlayerFieldTable>[] {
  return [...rows('registration', REGISTRATION, 103), ...rows('profile', PROFILE, 201)];
}

export const playersSeeder: Seeder = {
  name: 'players',
  isEmpty: async (db: Db) => (await createProfileRepository(db).countFields()) === 0,
  run: async (db: Db) => createProfileRepository(db).insertMissingFields(playerFieldRows()),
};
