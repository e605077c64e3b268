import type { SportKey } from './types';

/** Made-up, neutral names for the simulated feed: no real clubs, players or leagues. */

export interface CompetitionTemplate {
  key: string;
  sport: SportKey;
  name: string;
  region: string;
  /** Esports: maps per match. */
  bestOf?: number;
}

export const COMPETITIONS: readonly CompetitionTemplate[] = [
  { key: 'northland-premier', sport: 'football', name: 'Northland Premier League', region: 'Northland' },
  { key: 'southmark-one', sport: 'football', name: 'Southmark Division One', region: 'Southmark' },
  { key: 'eastvale-cup', sport: 'football', name: 'Eastvale Cup', region: 'Eastvale' },
  { key: 'continental-trophy', sport: 'football', name: 'Continental Champions Trophy', region: 'International' },
  { key: 'harbour-open', sport: 'tennis', name: 'Harbour Open', region: 'Westport' },
  { key: 'summit-masters', sport: 'tennis', name: 'Summit Masters', region: 'International' },
  { key: 'coastal-challenger', sport: 'tennis', name: 'Coastal Challenger', region: 'Southmark' },
  { key: 'northland-hoops', sport: 'basketball', name: 'Northland Basketball League', region: 'Northland' },
  { key: 'continental-hoops', sport: 'basketball', name: 'Continental Hoops Cup', region: 'International' },
  {
    key: 'strike-circuit',
    sport: 'esports',
    name: 'Strike Circuit (tactical shooter)',
    region: 'International',
    bestOf: 3,
  },
  {
    key: 'arena-legends',
    sport: 'esports',
    name: 'Arena Legends Series (battle arena)',
    region: 'Eastvale',
    bestOf: 3,
  },
  {
    key: 'ancients-masters',
    sport: 'esports',
    name: 'Ancients Masters (battle arena)',
    region: 'International',
    bestOf: 5,
  },
];

export const SPORT_NAMES: Record<SportKey, string> = {
  football: 'Football',
  tennis: 'Tennis',
  basketball: 'Basketball',
  esports: 'Esports',
};

const TOWNS = [
  'Ashford',
  'Brackwater',
  'Cinderfell',
  'Dunmore',
  'Elmstead',
  'Farrowdale',
  'Glenhaven',
  'Hollowmere',
  'Ironbridge',
  'Juniper Bay',
  'Kestrel Point',
  'Larkspur',
  'Millbrook',
  'Northcliff',
  'Oakridge',
  'Pinecrest',
  'Quarry Hill',
  'Redhaven',
  'Stonebury',
  'Thornwick',
  'Umberlee',
  'Valemont',
  'Westmarch',
  'Yarrowby',
];
const FOOTBALL_SUFFIXES = ['Rovers', 'City', 'United', 'Athletic', 'Wanderers', 'Town', 'FC', 'Albion'];
const BASKETBALL_SUFFIXES = ['Comets', 'Foxes', 'Titans', 'Herons', 'Stags', 'Bolts', 'Owls', 'Mariners'];
const FIRST_NAMES = [
  'Ada',
  'Bruno',
  'Clara',
  'Dario',
  'Elena',
  'Felix',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Lukas',
  'Mila',
  'Nico',
  'Olga',
  'Pavel',
  'Rosa',
  'Stefan',
  'Talia',
  'Viktor',
];
const LAST_NAMES = [
  'Albrecht',
  'Brennan',
  'Castell',
  'Dorova',
  'Everly',
  'Fontaine',
  'Galvez',
  'Halloran',
  'Ivers',
  'Jansky',
  'Korvel',
  'Lindqvist',
  'Moreau',
  'Novak',
  'Ostrander',
  'Petrakis',
  'Quintero',
  'Ravel',
  'Sorensen',
  'Thorne',
];
const ESPORTS_ADJECTIVES = ['Crimson', 'Silent', 'Iron', 'Neon', 'Frost', 'Shadow', 'Golden', 'Storm', 'Void', 'Lunar'];
const ESPORTS_NOUNS = ['Vipers', 'Ravens', 'Pulse', 'Syndicate', 'Wolves', 'Dynasty', 'Reapers', 'Falcons', 'Core'];

/** A competitor name for a sport; `pick(n)` returns an integer in [0, n). */
export function competitorName(sport: SportKey, pick: (n: number) => number): string {
  const from = <T>(items: readonly T[]): T => items[pick(items.length)]!;
  switch (sport) {
    case 'football':
      return `${from(TOWNS)} ${from(FOOTBALL_SUFFIXES)}`;
    case 'basketball':
      return `${from(TOWNS)} ${from(BASKETBALL_SUFFIXES)}`;
    case 'tennis':
      return `${from(FIRST_NAMES)} ${from(LAST_NAMES)}`;
    case 'esports':
      return `${from(ESPORTS_ADJECTIVES)} ${from(ESPORTS_NOUNS)}`;
  }
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
