import { CASH_AGENT_WITHDRAWAL_METHOD, type ProcessingType } from '@croupier/contract';
import type { Db } from '../db/database';
import type { PaymentDirection } from '../db/schema';
import { storedFieldsSchema, type StoredFieldInput } from '../modules/payments/catalogue';
import { ADDRESS_PATTERNS, NETWORK_NAMES, NETWORK_OF_CURRENCY } from '../modules/payments/crypto/networks';
import { CRYPTO_PROVIDER_ID } from '../modules/payments/crypto/service';
import { createPaymentsRepository } from '../modules/payments/repository';
import { SANDBOX_PROVIDER_ID } from '../modules/payments/sandbox/provider';
import { createSettingsRepository } from '../modules/settings/repository';
import type { Seeder } from './index';

/**
 * The demo payment catalogue: one method per processing type for deposits, and card, bank,
 * e-wallet and cash-agent withdrawals, all through the built-in sandbox provider, in every
 * fiat currency (crypto deposits: cryptoPaymentsSeeder below). Bounds and presets are
 * set in US dollars and converted with the seeded rates, rounded to friendly amounts. In
 * production the sandbox is not registered, so these methods are not offered there: an
 * operator adds the methods of their real providers.
 */

type Texts = Record<'en' | 'es' | 'pt-BR' | 'de' | 'fr', string>;
const t = (en: string, es: string, pt: string, de: string, fr: string): Texts => ({ en, es, 'pt-BR': pt, de, fr });

interface MethodSeed {
  id: string;
  direction: PaymentDirection;
  processingType: ProcessingType;
  logo: string;
  names: Texts;
  /** Bounds in US dollars. */
  minUsd: number;
  maxUsd: number;
  presetsUsd?: number[];
  defaultPresetUsd?: number;
  /** Bounds of select options in US dollars. */
  optionBoundsUsd?: Record<string, { min: number; max: number }>;
  countries?: string[];
  /** Only these currencies (default: every fiat currency). */
  currencies?: string[];
  fields: StoredFieldInput[];
}

const fullNameField = (position: number): StoredFieldInput => ({
  key: 'fullName',
  regexp: "/^[\\p{L}][\\p{L} .'-]{1,99}$/u",
  labels: t('Account holder', 'Titular de la cuenta', 'Titular da conta', 'Kontoinhaber', 'Titulaire du compte'),
  hints: t(
    'As on your bank account',
    'Como en tu cuenta bancaria',
    'Como na sua conta bancária',
    'Wie auf Ihrem Bankkonto',
    'Comme sur votre compte bancaire',
  ),
  isRequired: true,
  position,
  maxLength: 100,
});

const phoneField = (position: number): StoredFieldInput => ({
  key: 'phone',
  labels: t('Phone number', 'Número de teléfono', 'Número de telefone', 'Telefonnummer', 'Numéro de téléphone'),
  hints: t(
    'With country code',
    'Con el prefijo del país',
    'Com o código do país',
    'Mit Ländervorwahl',
    'Avec l’indicatif du pays',
  ),
  isRequired: true,
  position,
  maxLength: 20,
  prefill: 'phone',
});

export const PAYMENT_METHOD_SEEDS: MethodSeed[] = [
  {
    id: 'sandbox.card',
    direction: 'deposit',
    processingType: 'form',
    logo: 'card.svg',
    names: t('Card', 'Tarjeta', 'Cartão', 'Karte', 'Carte'),
    minUsd: 10,
    maxUsd: 5000,
    presetsUsd: [20, 50, 100, 250, 500],
    defaultPresetUsd: 50,
    fields: [],
  },
  {
    id: 'sandbox.card_embedded',
    direction: 'deposit',
    processingType: 'iframe',
    logo: 'card-frame.svg',
    names: t(
      'Card (in page)',
      'Tarjeta (en la página)',
      'Cartão (na página)',
      'Karte (auf der Seite)',
      'Carte (dans la page)',
    ),
    minUsd: 10,
    maxUsd: 2000,
    presetsUsd: [20, 50, 100, 200],
    defaultPresetUsd: 50,
    fields: [],
  },
  {
    id: 'sandbox.scan_pay',
    direction: 'deposit',
    processingType: 'qr',
    logo: 'qr.svg',
    names: t('Scan to pay', 'Escanear y pagar', 'Escanear e pagar', 'Scannen und zahlen', 'Scanner pour payer'),
    minUsd: 5,
    maxUsd: 1000,
    presetsUsd: [10, 25, 50, 100],
    defaultPresetUsd: 25,
    fields: [],
  },
  {
    id: 'sandbox.pix',
    direction: 'deposit',
    processingType: 'qr',
    logo: 'pix.svg',
    names: t(
      'Instant transfer (Pix)',
      'Transferencia instantánea (Pix)',
      'Pix',
      'Sofortüberweisung (Pix)',
      'Virement instantané (Pix)',
    ),
    minUsd: 2,
    maxUsd: 2000,
    presetsUsd: [10, 20, 50, 100],
    defaultPresetUsd: 20,
    countries: ['BR'],
    currencies: ['BRL'],
    fields: [
      {
        key: 'cpf_number',
        labels: t('CPF', 'CPF', 'CPF', 'CPF', 'CPF'),
        hints: t('000.000.000-00', '000.000.000-00', '000.000.000-00', '000.000.000-00', '000.000.000-00'),
        isRequired: true,
        position: 1,
        maxLength: 14,
      },
    ],
  },
  {
    id: 'sandbox.bank_transfer',
    direction: 'deposit',
    processingType: 'message',
    logo: 'bank.svg',
    names: t(
      'Bank transfer',
      'Transferencia bancaria',
      'Transferência bancária',
      'Banküberweisung',
      'Virement bancaire',
    ),
    minUsd: 20,
    maxUsd: 20000,
    presetsUsd: [100, 250, 500, 1000],
    defaultPresetUsd: 250,
    fields: [fullNameField(1)],
  },
  {
    id: 'sandbox.ewallet',
    direction: 'deposit',
    processingType: 'asyncRedirect',
    logo: 'ewallet.svg',
    names: t('E-wallet', 'Monedero electrónico', 'Carteira digital', 'E-Wallet', 'Portefeuille électronique'),
    minUsd: 5,
    maxUsd: 3000,
    presetsUsd: [10, 25, 50, 100],
    defaultPresetUsd: 25,
    fields: [phoneField(1)],
  },
  {
    id: 'sandbox.card_payout',
    direction: 'withdrawal',
    processingType: 'form',
    logo: 'card.svg',
    names: t('Card', 'Tarjeta', 'Cartão', 'Karte', 'Carte'),
    minUsd: 20,
    maxUsd: 5000,
    fields: [
      {
        key: 'wallet_id',
        regexp: '^[0-9]{12,19}$',
        labels: t('Card number', 'Número de tarjeta', 'Número do cartão', 'Kartennummer', 'Numéro de carte'),
        hints: t(
          '12 to 19 digits',
          'De 12 a 19 dígitos',
          'De 12 a 19 dígitos',
          '12 bis 19 Ziffern',
          '12 à 19 chiffres',
        ),
        isRequired: true,
        position: 1,
        maxLength: 19,
      },
    ],
  },
  {
    id: 'sandbox.bank_payout',
    direction: 'withdrawal',
    processingType: 'form',
    logo: 'bank.svg',
    names: t(
      'Bank transfer',
      'Transferencia bancaria',
      'Transferência bancária',
      'Banküberweisung',
      'Virement bancaire',
    ),
    minUsd: 50,
    maxUsd: 50000,
    fields: [
      {
        key: 'wallet_id',
        regexp: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$',
        labels: t('IBAN', 'IBAN', 'IBAN', 'IBAN', 'IBAN'),
        hints: t(
          'Capital letters, no spaces',
          'Mayúsculas, sin espacios',
          'Maiúsculas, sem espaços',
          'Großbuchstaben, ohne Leerzeichen',
          'Majuscules, sans espaces',
        ),
        isRequired: true,
        position: 1,
        maxLength: 34,
      },
      fullNameField(2),
    ],
  },
  {
    id: 'sandbox.ewallet_payout',
    direction: 'withdrawal',
    processingType: 'form',
    logo: 'paywallet.svg',
    names: t('E-wallet', 'Monedero electrónico', 'Carteira digital', 'E-Wallet', 'Portefeuille électronique'),
    minUsd: 5,
    maxUsd: 1000,
    optionBoundsUsd: { paywallet: { min: 10, max: 1000 }, quickpay: { min: 5, max: 500 } },
    fields: [
      {
        key: 'currencyWithdraw',
        fieldType: 'select',
        labels: t('Wallet', 'Monedero', 'Carteira', 'Wallet', 'Portefeuille'),
        hints: t(
          'Choose your wallet',
          'Elige tu monedero',
          'Escolha sua carteira',
          'Wählen Sie Ihr Wallet',
          'Choisissez votre portefeuille',
        ),
        isRequired: true,
        position: 1,
        options: [
          { id: 'paywallet', name: 'PayWallet', regexp: '^PW[0-9]{8}$' },
          { id: 'quickpay', name: 'QuickPay', regexp: '^[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}$' },
        ],
      },
      {
        key: 'wallet_id',
        labels: t(
          'Wallet account',
          'Cuenta del monedero',
          'Conta da carteira',
          'Wallet-Konto',
          'Compte du portefeuille',
        ),
        hints: t(
          'PW and 8 digits, or your e-mail',
          'PW y 8 dígitos, o tu e-mail',
          'PW e 8 dígitos, ou seu e-mail',
          'PW und 8 Ziffern oder Ihre E-Mail',
          'PW et 8 chiffres, ou votre e-mail',
        ),
        isRequired: true,
        position: 2,
        maxLength: 254,
      },
    ],
  },
  {
    id: CASH_AGENT_WITHDRAWAL_METHOD,
    direction: 'withdrawal',
    processingType: 'message',
    logo: 'cash-agent.svg',
    names: t('Cash agent', 'Agente de efectivo', 'Agente de saque', 'Bargeld-Agent', 'Agent de retrait'),
    minUsd: 10,
    maxUsd: 1000,
    fields: [
      {
        key: 'agent',
        fieldType: 'select',
        labels: t('Agent', 'Agente', 'Agente', 'Agent', 'Agent'),
        hints: t(
          'Where you collect the cash',
          'Dónde recoges el efectivo',
          'Onde você retira o dinheiro',
          'Wo Sie das Bargeld abholen',
          'Où retirer l’argent',
        ),
        isRequired: true,
        position: 1,
        options: [
          { id: 'AG-001', name: 'Central station' },
          { id: 'AG-002', name: 'Market square' },
        ],
      },
      phoneField(2),
      {
        key: 'comment',
        fieldType: 'textarea',
        labels: t(
          'Note for the agent',
          'Nota para el agente',
          'Observação para o agente',
          'Hinweis für den Agenten',
          'Note pour l’agent',
        ),
        hints: t('Optional', 'Opcional', 'Opcional', 'Optional', 'Facultatif'),
        isRequired: false,
        position: 3,
        maxLength: 500,
      },
    ],
  },
];

/** A friendly amount near `major`: two significant digits (1234.5 → 1200), at least one minor unit. */
export function friendlyMinor(major: number, subunitToUnit: number): bigint {
  if (major <= 0) return 1n;
  const magnitude = 10 ** (Math.floor(Math.log10(major)) - 1);
  const rounded = Math.round(major / magnitude) * magnitude;
  return BigInt(Math.max(1, Math.round(rounded * subunitToUnit)));
}

export const paymentsSeeder: Seeder = {
  name: 'payments',
  isEmpty: async (db: Db) => (await createPaymentsRepository(db).countMethods(db)) === 0,
  run: async (db: Db) => {
    const repository = createPaymentsRepository(db);
    const currencies = await createSettingsRepository(db).listCurrencies({ visibleOnly: false });
    const fiat = currencies.filter((c) => c.type === 'fiat' && c.is_enabled);
    for (const [position, seed] of PAYMENT_METHOD_SEEDS.entries()) {
      const fields = storedFieldsSchema.parse(seed.fields);
      const offered = fiat.filter((c) => !seed.currencies || seed.currencies.includes(c.code));
      const rows = offered.map((currency) => {
        const subunit = Number(currency.subunit_to_unit);
        // rate: minor units per US dollar (the base currency)
        const usdToMinor = (usd: number) => friendlyMinor((usd * Number(currency.rate)) / subunit, subunit);
        const optionBounds = Object.fromEntries(
          Object.entries(seed.optionBoundsUsd ?? {}).map(([id, b]) => [
            id,
            { minMinor: String(usdToMinor(b.min)), maxMinor: String(usdToMinor(b.max)) },
          ]),
        );
        return {
          method_id: seed.id,
          currency: currency.code,
          amount_min_minor: usdToMinor(seed.minUsd),
          amount_max_minor: usdToMinor(seed.maxUsd),
          presets: JSON.stringify(
            (seed.presetsUsd ?? []).map((usd) => ({
              amountMinor: String(usdToMinor(usd)),
              default: usd === seed.defaultPresetUsd,
            })),
          ),
          option_bounds: JSON.stringify(optionBounds),
        };
      });
      await db.transaction().execute((trx) =>
        repository.insertMethodIfMissing(
          trx,
          {
            id: seed.id,
            direction: seed.direction,
            provider: SANDBOX_PROVIDER_ID,
            type: 'form',
            processing_type: seed.processingType,
            logo: seed.logo,
            names: JSON.stringify(seed.names),
            fields: JSON.stringify(fields),
            countries: seed.countries ?? null,
            position,
          },
          rows,
        ),
      );
    }
  },
};

/** The enabled crypto currencies that have a network, with a USD → minor units converter each. */
async function cryptoCurrencies(db: Db) {
  const currencies = await createSettingsRepository(db).listCurrencies({ visibleOnly: false });
  return currencies
    .filter((c) => c.type === 'crypto' && c.is_enabled && NETWORK_OF_CURRENCY[c.code])
    .flatMap((currency, offset) => {
      const network = NETWORK_OF_CURRENCY[currency.code];
      if (!network) return [];
      const subunit = Number(currency.subunit_to_unit);
      const usdToMinor = (usd: number) => friendlyMinor((usd * Number(currency.rate)) / subunit, subunit);
      return [{ offset, currency, network, usdToMinor }];
    });
}

/**
 * Crypto deposit methods (type address): one per crypto currency with a network, whose
 * `crypto_network` option carries the network's own bounds and address pattern. Its own
 * seeder, so that a database seeded before crypto existed gets them too.
 */
export const cryptoPaymentsSeeder: Seeder = {
  name: 'payments-crypto',
  isEmpty: async (db: Db) =>
    (await db
      .selectFrom('payment_methods')
      .select('id')
      .where('provider', '=', CRYPTO_PROVIDER_ID)
      .executeTakeFirst()) === undefined,
  run: async (db: Db) => {
    const repository = createPaymentsRepository(db);
    for (const { offset, currency, network, usdToMinor } of await cryptoCurrencies(db)) {
      // The network's own bounds (a token on Ethereum pays more gas than a coin: a higher minimum).
      const min = usdToMinor(network === 'eth' && currency.code !== 'ETH' ? 20 : 10);
      const max = usdToMinor(100_000);
      const fields = storedFieldsSchema.parse([
        {
          key: 'crypto_network',
          fieldType: 'select',
          labels: t('Network', 'Red', 'Rede', 'Netzwerk', 'Réseau'),
          hints: t(
            'The network you send on',
            'La red por la que envías',
            'A rede pela qual você envia',
            'Das Netzwerk, über das Sie senden',
            'Le réseau utilisé pour l’envoi',
          ),
          // Optional: without a choice the currency's own network is used.
          isRequired: false,
          position: 1,
          options: [{ id: network, name: NETWORK_NAMES[network], regex: ADDRESS_PATTERNS[network] }],
        },
      ] satisfies StoredFieldInput[]);
      const id = `crypto.${currency.code.toLowerCase()}`;
      await db.transaction().execute((trx) =>
        repository.insertMethodIfMissing(
          trx,
          {
            id,
            direction: 'deposit',
            provider: CRYPTO_PROVIDER_ID,
            type: 'address',
            processing_type: 'qr',
            logo: 'crypto.svg',
            names: JSON.stringify(t(currency.name, currency.name, currency.name, currency.name, currency.name)),
            fields: JSON.stringify(fields),
            countries: null,
            position: PAYMENT_METHOD_SEEDS.length + offset,
          },
          [
            {
              method_id: id,
              currency: currency.code,
              amount_min_minor: min,
              amount_max_minor: max,
              presets: '[]',
              option_bounds: JSON.stringify({ [network]: { minMinor: String(min), maxMinor: String(max) } }),
            },
          ],
        ),
      );
    }
  },
};

/**
 * Crypto withdrawal methods: one per crypto currency with a network; the player names the
 * address (checked against the network's pattern here and its checksum by the crypto
 * provider) and, on XRP, an optional destination tag. Also adds deposit methods for
 * networks added after a database was first seeded (XRP).
 */
export const cryptoPayoutsSeeder: Seeder = {
  name: 'payments-crypto-payouts',
  isEmpty: async (db: Db) =>
    (await db
      .selectFrom('payment_methods')
      .select('id')
      .where('provider', '=', CRYPTO_PROVIDER_ID)
      .where('direction', '=', 'withdrawal')
      .executeTakeFirst()) === undefined,
  run: async (db: Db) => {
    await cryptoPaymentsSeeder.run(db);
    const repository = createPaymentsRepository(db);
    for (const { offset, currency, network, usdToMinor } of await cryptoCurrencies(db)) {
      const min = usdToMinor(network === 'eth' && currency.code !== 'ETH' ? 30 : 20);
      const max = usdToMinor(50_000);
      const fields: StoredFieldInput[] = [
        {
          key: 'crypto_network',
          fieldType: 'select',
          labels: t('Network', 'Red', 'Rede', 'Netzwerk', 'Réseau'),
          hints: t(
            'The network the coins are sent on',
            'La red por la que se envían las monedas',
            'A rede pela qual as moedas são enviadas',
            'Das Netzwerk, über das gesendet wird',
            'Le réseau utilisé pour l’envoi',
          ),
          isRequired: false,
          position: 1,
          options: [{ id: network, name: NETWORK_NAMES[network], regex: ADDRESS_PATTERNS[network] }],
        },
        {
          key: 'wallet_id',
          regexp: ADDRESS_PATTERNS[network],
          labels: t(
            'Wallet address',
            'Dirección de la billetera',
            'Endereço da carteira',
            'Wallet-Adresse',
            'Adresse du portefeuille',
          ),
          hints: t(
            'Check it twice: coins sent to a wrong address are lost',
            'Revísala dos veces: las monedas enviadas a una dirección errónea se pierden',
            'Confira duas vezes: moedas enviadas a um endereço errado são perdidas',
            'Doppelt prüfen: an eine falsche Adresse gesendete Coins sind verloren',
            'Vérifiez-la deux fois : les fonds envoyés à une mauvaise adresse sont perdus',
          ),
          isRequired: true,
          position: 2,
          maxLength: 128,
        },
        ...(network === 'xrp'
          ? [
              {
                key: 'destination_tag',
                regexp: '^[0-9]{1,10}$',
                labels: t(
                  'Destination tag',
                  'Etiqueta de destino',
                  'Tag de destino',
                  'Destination Tag',
                  'Tag de destination',
                ),
                hints: t(
                  'Required by most exchanges',
                  'La exigen la mayoría de los exchanges',
                  'Exigida pela maioria das corretoras',
                  'Von den meisten Börsen verlangt',
                  'Exigé par la plupart des plateformes d’échange',
                ),
                isRequired: false,
                position: 3,
                maxLength: 10,
              } satisfies StoredFieldInput,
            ]
          : []),
      ];
      const id = `crypto.${currency.code.toLowerCase()}_payout`;
      await db.transaction().execute((trx) =>
        repository.insertMethodIfMissing(
          trx,
          {
            id,
            direction: 'withdrawal',
            provider: CRYPTO_PROVIDER_ID,
            type: 'address',
            processing_type: 'form',
            logo: 'crypto.svg',
            names: JSON.stringify(t(currency.name, currency.name, currency.name, currency.name, currency.name)),
            fields: JSON.stringify(storedFieldsSchema.parse(fields)),
            countries: null,
            position: PAYMENT_METHOD_SEEDS.length + 100 + offset,
          },
          [
            {
              method_id: id,
              currency: currency.code,
              amount_min_minor: min,
              amount_max_minor: max,
              presets: '[]',
              option_bounds: JSON.stringify({ [network]: { minMinor: String(min), maxMinor: String(max) } }),
            },
          ],
        ),
      );
    }
  },
};
