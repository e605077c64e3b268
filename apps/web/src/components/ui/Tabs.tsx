import { useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import './Tabs.css';

export interface TabItem<Key extends string> {
  key: Key;
  label: ReactNode;
}

/** The tab a key press moves to (WAI-ARIA tabs pattern: arrows wrap, Home and End), or undefined. */
export function tabKeyTarget(key: string, index: number, count: number): number | undefined {
  if (count === 0) return undefined;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/** Ids that tie a tab to its panel: `<idBase>-tab-<key>` and `<idBase>-panel`. */
export function tabIds(idBase: string, key: string) {
  return { tab: `${idBase}-tab-${key}`, panel: `${idBase}-panel` };
}

export interface TabsProps<Key extends string> {
  tabs: readonly TabItem<Key>[];
  selected: Key;
  onSelect: (key: Key) => void;
  /** Prefix of the tab and panel ids (useId()); the panel is rendered by the caller with TabPanel. */
  idBase: string;
  /**
   * Whether the caller renders a TabPanel (each tab then points to it with aria-controls);
   * false where the tabs switch the content of a whole dialog rather than one panel.
   */
  hasPanel?: boolean;
  /** Names the tab list for screen readers. */
  label?: string;
  /** 'segmented' fills the chosen tab with the accent colour; 'subtle' raises it a shade. */
  look?: 'segmented' | 'subtle';
  className?: string;
}

/**
 * A tab list with automatic activation: only the selected tab is in the tab order, the
 * arrow keys (and Home/End) select and focus another one.
 */
export function Tabs<Key extends string>({
  tabs,
  selected,
  onSelect,
  idBase,
  hasPanel = true,
  label,
  look = 'segmented',
  className,
}: TabsProps<Key>) {
  const refs = useRef(new Map<Key, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const target = tabKeyTarget(event.key, Math.max(index, 0), tabs.length);
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[target]?.key;
    if (next === undefined) return;
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div
      className={['tablist', `tablist--${look}`, className ?? ''].filter(Boolean).join(' ')}
      role="tablist"
      aria-label={label}
    >
      {tabs.map(({ key, label: text }) => {
        const ids = tabIds(idBase, key);
        return (
          <button
            key={key}
            ref={(element) => {
              if (element) refs.current.set(key, element);
              else refs.current.delete(key);
            }}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={key === selected}
            aria-controls={hasPanel ? ids.panel : undefined}
            tabIndex={key === selected ? 0 : -1}
            className="tablist__tab"
            onClick={() => onSelect(key)}
            onKeyDown={onKeyDown}
          >
            {text}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the selected tab, labelled by it. */
export function TabPanel({
  idBase,
  selected,
  children,
  ...rest
}: { idBase: string; selected: string; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  const ids = tabIds(idBase, selected);
  return (
    <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} {...rest}>
      {children}
    </div>
  );
}
