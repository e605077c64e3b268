/**
 * The crypto deposit address view: each network change or
 * retry starts a new request and shows the loading state at once, so that the previous
 * network's address never sits under the new network's warning; an answer to an older
 * request is ignored. A refused request shows its errors instead of loading forever, or,
 * when the deposit needs a verified identity first, the verification notice.
 */

export type AddressState =
  | { status: 'loading'; request: number }
  | { status: 'shown'; request: number; address: string; tag?: string; qr?: string }
  | {
      status: 'failed';
      request: number;
      fieldErrors: Readonly<Record<string, string>>;
      /** Refused with IDENTITY_VERIFICATION_REQUIRED: the notice leads to verification. */
      verificationRequired?: boolean;
    };

export type AddressAction =
  | { type: 'request' }
  | { type: 'answered'; request: number; address: string | undefined; tag?: string; qr?: string }
  | {
      type: 'failed';
      request: number;
      fieldErrors?: Readonly<Record<string, string>>;
      verificationRequired?: boolean;
    };

export const initialAddressState: AddressState = { status: 'loading', request: 0 };

export function addressReducer(state: AddressState, action: AddressAction): AddressState {
  if (action.type === 'request') return { status: 'loading', request: state.request + 1 };
  if (action.request !== state.request) return state;
  if (action.type === 'answered') {
    // An answer without an address cannot be shown: it is a failure, not a longer wait.
    if (!action.address) return { status: 'failed', request: state.request, fieldErrors: {} };
    return { status: 'shown', request: state.request, address: action.address, tag: action.tag, qr: action.qr };
  }
  return {
    status: 'failed',
    request: state.request,
    fieldErrors: action.fieldErrors ?? {},
    ...(action.verificationRequired ? { verificationRequired: true } : {}),
  };
}

/**
 * Whether an address shown now is one the funnel has not reported yet (its `sent` step
 * fires once per address shown, not on every automatic fetch). Marks it reported.
 */
export function firstShowing(reported: Set<string>, address: string, tag = ''): boolean {
  const key = `${address}#${tag}`;
  if (reported.has(key)) return false;
  reported.add(key);
  return true;
}

/**
 * The bonus choice of a crypto deposit (docs/bonuses.md, "Deposits"): the server keeps the
 * choice of the latest address request for the player's next deposit in the currency, so
 * the form sends it again whenever the picker's selection moves on from what the server
 * holds. A bonus the server refused (422 on `bonusId`) is sent as none until the picker
 * selects another.
 */
export interface CryptoBonusSync {
  /** The picker's selection (null: no bonus, a decline). */
  selectedId: string | null;
  /** The last bonus the server refused, if any. */
  refusedId: string | null;
  /** What the server holds from this form: undefined before its first accepted request. */
  sentId: string | null | undefined;
  /** The offers are still loading (the selection is not the player's yet). */
  offersLoading: boolean;
  /** An address is shown (its request carried a choice; new ones wait for it). */
  addressShown: boolean;
}

/** The bonus id a request should carry now (null: none). */
export const bonusToSend = (sync: Pick<CryptoBonusSync, 'selectedId' | 'refusedId'>): string | null =>
  sync.selectedId !== null && sync.selectedId === sync.refusedId ? null : sync.selectedId;

/** Whether the choice must be sent again now (after an address was shown, once the offers are in). */
export function choiceNeedsSending(sync: CryptoBonusSync): boolean {
  if (!sync.addressShown || sync.offersLoading) return false;
  return sync.sentId !== bonusToSend(sync);
}
