import { useEffect, useEffectEvent } from 'react';
import { LIVE_CHAT_SCRIPT_ATTRIBUTE, liveChatScriptUrl, shouldLoadLiveChat, type LiveChatConfig } from './live-chat';

export interface LiveChatProps {
  config: LiveChatConfig | null | undefined;
  isLoggedIn: boolean;
  /**
   * The third-party widget script URL; `{widgetId}` in it is replaced by the widget id,
   * which is also given to the script as `data-widget-id`.
   */
  scriptUrl: string;
  /** Called once the script has loaded (to pass the player's details to the widget, say). */
  onLoad?: () => void;
}

/**
 * Injects the live chat widget script (once) when chat is enabled and the visitor is
 * signed in or guest chat is on; renders nothing. When the conditions stop holding (a
 * guest after sign-out without guest chat) the script tag is removed; a widget that has
 * already started may need its provider's API to hide.
 */
export function LiveChat({ config, isLoggedIn, scriptUrl, onLoad }: LiveChatProps) {
  const widgetId = config?.widgetId ?? '';
  const src = shouldLoadLiveChat(config, isLoggedIn) ? liveChatScriptUrl(scriptUrl, widgetId) : null;
  const loaded = useEffectEvent(() => onLoad?.());

  useEffect(() => {
    const existing = document.querySelector<HTMLScriptElement>(`script[${LIVE_CHAT_SCRIPT_ATTRIBUTE}]`);
    if (!src) {
      existing?.remove();
      return;
    }
    if (existing?.getAttribute('src') === src) return;
    existing?.remove();
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.setAttribute(LIVE_CHAT_SCRIPT_ATTRIBUTE, '');
    script.dataset.widgetId = widgetId;
    script.addEventListener('load', () => loaded(), { once: true });
    document.body.append(script);
  }, [src, widgetId]);

  return null;
}
