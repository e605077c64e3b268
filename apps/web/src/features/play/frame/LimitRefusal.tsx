import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { isApiError } from '../../../lib/api';

/**
 * A round refused by a responsible-gaming limit (docs/player-protection.md, "Limits"):
 * the bet limit (GAME_LIMIT_BET), the loss limit (GAME_LIMIT_LOSS) or a cooling-off or
 * self-exclusion (GAME_LIMIT_SELF_EXCLUSION). The frame says so in a dialog, not a passing
 * toast, and leads to the limits page (the whole window, when the frame is embedded).
 */
export type FrameLimitRefusal = 'bet' | 'loss' | 'selfExclusion';

export function frameLimitRefusal(error: unknown): FrameLimitRefusal | null {
  if (isApiError(error, 'GAME_LIMIT_BET')) return 'bet';
  if (isApiError(error, 'GAME_LIMIT_LOSS')) return 'loss';
  if (isApiError(error, 'GAME_LIMIT_SELF_EXCLUSION')) return 'selfExclusion';
  return null;
}

/** The site's limits page; an unprefixed path goes to the player's saved language. */
export const LIMITS_PAGE_PATH = '/profile/limits';

export function LimitRefusalDialog({ refusal, onClose }: { refusal: FrameLimitRefusal; onClose: () => void }) {
  const { t } = useTranslation('modals');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    // Unmounting removes the dialog from the page, which ends its modal state too.
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="play-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-refusal={refusal}
      onClose={onClose}
    >
      <div className="play-dialog__head">
        <h2 id={titleId}>{t('gameLimitReached.title')}</h2>
      </div>
      <p id={textId}>{t(`gameLimitReached.refused.${refusal}`)}</p>
      {/* The frame's sheet (play.css) has no action row for dialogs; this one is its only user. */}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-3)', marginTop: 'var(--space-4)' }}>
        <a className={buttonClassName({ variant: 'primary' })} href={LIMITS_PAGE_PATH} target="_top">
          {t('gameLimitReached.viewLimits')}
        </a>
        <Button variant="ghost" onClick={onClose} autoFocus>
          {t('gameLimitReached.close')}
        </Button>
      </div>
    </dialog>
  );
}
