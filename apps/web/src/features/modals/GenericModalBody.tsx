import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useModalsInternal, type ModalBodyProps } from './context';
import { modalTextKeys, type ModalAction } from './registry';
import { Button } from '../../components/ui/Button';

/** Text values the content may interpolate (`{name}`, `{sum}`…): the string and number props. */
function interpolationValues(props: Readonly<Record<string, unknown>>): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(props)) {
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  }
  return values;
}

/** The description text of a generic body ('' when the content has none). */
export function genericDescription(
  t: TFunction<'modals'>,
  definition: ModalBodyProps['definition'],
  props: Readonly<Record<string, unknown>>,
): string {
  const descriptionKey = typeof props.descriptionKey === 'string' ? props.descriptionKey : undefined;
  return t(descriptionKey ? [descriptionKey] : modalTextKeys(definition, 'description'), {
    ...interpolationValues(props),
    defaultValue: '',
  });
}

export function descriptionIdFor(titleId: string): string {
  return `${titleId}-description`;
}

const FALLBACK_ACTIONS: readonly ModalAction[] = [{ key: 'close', kind: 'close', primary: true }];

/**
 * The body of a modal with no registered body: its title is rendered by the dialog; this
 * renders the description and the buttons of the registry (or a Close button).
 * Props it reads: `descriptionKey` / `titleKey` (full i18next keys that replace the
 * content's texts), `onAction(key)`, `hiddenActions` (keys of buttons that do not apply,
 * e.g. demo for a game without one), and string/number props as interpolation values.
 */
export function GenericModalBody({ definition, props, close, titleId }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const navigate = useNavigate();
  const { controller, localizePath, open } = useModalsInternal();
  const values = interpolationValues(props);
  const description = genericDescription(t, definition, props);
  const hidden: readonly unknown[] = Array.isArray(props.hiddenActions) ? props.hiddenActions : [];
  const actions = (definition.actions ?? FALLBACK_ACTIONS).filter((action) => !hidden.includes(action.key));

  const run = (action: ModalAction) => {
    if (typeof props.onAction === 'function') (props.onAction as (key: string) => void)(action.key);
    switch (action.kind) {
      case 'close':
        if (!close()) return;
        for (const name of action.closeAlso ?? []) controller.close(name, { force: true });
        return;
      case 'open':
        close({ force: true });
        open(action.modal, { props: { ...action.props } });
        return;
      case 'navigate':
        close({ force: true });
        void navigate(localizePath(action.to));
        return;
    }
  };

  return (
    <>
      {description ? (
        <p id={descriptionIdFor(titleId)} className="modal__description">
          {description}
        </p>
      ) : null}
      <div className="modal__actions">
        {actions.map((action) => (
          <Button
            key={action.key}
            shape="dialog"
            variant={action.primary ? 'primary' : 'ghost'}
            onClick={() => run(action)}
          >
            {action.key === 'close' && !definition.actions
              ? t('close')
              : t(modalTextKeys(definition, action.key), { ...values })}
          </Button>
        ))}
      </div>
    </>
  );
}
