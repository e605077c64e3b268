import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './fields';
import { Button } from './ui/Button';

export interface InlineConfirmProps {
  /**
   * The BEM block of the row's sheet, which lays the parts out:
   * `<block>__actions`, `__confirm`, `__question` and `__buttons`.
   */
  block: string;
  /** The id of the element that names the row's subject; both action buttons point at it. */
  subjectId: string;
  question: string;
  /** The action's label, on the button that asks and on the one that confirms. */
  action: string;
  /** Whether the question is shown; the row owns it, so that a done action can put it away. */
  confirming: boolean;
  onConfirmingChange: (confirming: boolean) => void;
  onConfirm: () => void;
  /** The action is under way: a spinner on the confirm button, both buttons disabled. */
  pending: boolean;
}

/**
 * An action of a list row asked again in place (deleting a document, closing a session):
 * the button opens the question with confirm and cancel. The focus moves to confirm when
 * the question opens, and back to the button when the player cancels.
 */
export function InlineConfirm({
  block,
  subjectId,
  question,
  action,
  confirming,
  onConfirmingChange,
  onConfirm,
  pending,
}: InlineConfirmProps) {
  const { t } = useTranslation('global-components');
  const questionId = useId();
  const openRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      openRef.current?.focus();
    }
  }, [confirming]);

  const cancel = () => {
    returnFocus.current = true;
    onConfirmingChange(false);
  };

  return (
    <div className={`${block}__actions`}>
      {confirming ? (
        <div className={`${block}__confirm`} role="group" aria-labelledby={questionId}>
          <p id={questionId} className={`${block}__question`}>
            {question}
          </p>
          <div className={`${block}__buttons`}>
            <Button
              variant="primary"
              ref={confirmRef}
              onClick={onConfirm}
              disabled={pending}
              aria-describedby={subjectId}
            >
              {pending ? <Spinner /> : null}
              {action}
            </Button>
            <Button variant="ghost" onClick={cancel} disabled={pending}>
              {t('buttons.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="ghost" ref={openRef} onClick={() => onConfirmingChange(true)} aria-describedby={subjectId}>
          {action}
        </Button>
      )}
    </div>
  );
}
