import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import { BetSlip } from './BetSlip';
import { useSlipLive } from './live';
import { MyBets } from './MyBets';
import { useSlip } from './slip-store';

/** The slip docks in a right column from this width; narrower screens get a bottom bar and a sheet. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)';

function subscribeWide(listener: () => void): () => void {
  const media = window.matchMedia(WIDE_LAYOUT_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE_LAYOUT_QUERY).matches,
    () => false,
  );
}

type PanelTab = 'slip' | 'bets';

/** The slip and my bets as two tabs. */
export function BettingPanel({ tab, onTab }: { tab: PanelTab; onTab: (tab: PanelTab) => void }) {
  const { t } = useTranslation('layout');
  const idBase = useId();
  const count = useSlip().selections.length;
  return (
    <div className="panel sb-panel">
      <Tabs
        tabs={[
          { key: 'slip', label: t('pages.betting.slip.tab', { count }) },
          { key: 'bets', label: t('pages.betting.myBets.title') },
        ]}
        selected={tab}
        onSelect={onTab}
        idBase={idBase}
        label={t('pages.betting.panel')}
        className="sb-panel__tabs"
      />
      <TabPanel idBase={idBase} selected={tab} className="sb-panel__body">
        {tab === 'slip' ? <BetSlip /> : <MyBets />}
      </TabPanel>
    </div>
  );
}

/**
 * A sportsbook page with its betting panel: in a sticky right column on wide screens; on
 * narrower ones a bottom bar "Bet slip (n)" opens the panel in a sheet (a modal dialog:
 * focus stays in it, Escape closes it). The slip follows the live prices of its events.
 */
export function SportsbookFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  const wide = useWideLayout();
  const [tab, setTab] = useState<PanelTab>('slip');
  const [sheetOpen, setSheetOpen] = useState(false);
  const count = useSlip().selections.length;
  useSlipLive();
  return (
    <div className="sb-frame">
      <div className="sb-frame__main">{children}</div>
      {wide ? (
        <aside className="sb-frame__aside" aria-label={t('pages.betting.panel')}>
          <BettingPanel tab={tab} onTab={setTab} />
        </aside>
      ) : (
        <>
          <div className="sb-bar">
            <button
              type="button"
              className="sb-bar__button"
              aria-haspopup="dialog"
              aria-expanded={sheetOpen}
              onClick={() => {
                setTab('slip');
                setSheetOpen(true);
              }}
              data-testid="slip-bar"
            >
              {t('pages.betting.slip.tab', { count })}
            </button>
            <button
              type="button"
              className="sb-bar__button sb-bar__button--secondary"
              aria-haspopup="dialog"
              onClick={() => {
                setTab('bets');
                setSheetOpen(true);
              }}
            >
              {t('pages.betting.myBets.title')}
            </button>
          </div>
          {sheetOpen ? (
            <Sheet onClose={() => setSheetOpen(false)}>
              <BettingPanel tab={tab} onTab={setTab} />
            </Sheet>
          ) : null}
        </>
      )}
    </div>
  );
}

function Sheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('layout');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    // Unmounting removes the dialog, which ends its modal state too.
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="sb-sheet"
      aria-label={t('pages.betting.panel')}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === dialog.current) dialog.current?.close();
      }}
      data-testid="slip-sheet"
    >
      <div className="sb-sheet__content">
        <div className="sb-sheet__head">
          <button type="button" className="sb-sheet__close" onClick={() => dialog.current?.close()}>
            {t('pages.betting.slip.close')}
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
