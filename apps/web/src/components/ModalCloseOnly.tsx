import { useTranslation } from 'react-i18next';
import { Button } from './ui/Button';

/**
 * The body of a modal opened without what it is about (a stale link, an item gone since):
 * there is nothing to show or do but close it.
 */
export function ModalCloseOnly({ close }: { close: () => unknown }) {
  const { t } = useTranslation('modals');
  return (
    <div className="modal__actions">
      <Button shape="dialog" variant="primary" onClick={() => close()}>
        {t('close')}
      </Button>
    </div>
  );
}
