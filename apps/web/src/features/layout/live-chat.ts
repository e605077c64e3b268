/** Live chat widget configuration (guests get chat only when guest chat is enabled). */
export interface LiveChatConfig {
  /** The widget's account or widget id at the chat provider. */
  widgetId: string;
  /** Guests (not signed in) get the widget too. */
  forGuests: boolean;
  /** Chat is switched on (e.g. the `chat` feature flag of /api/player/init). Default true. */
  enabled?: boolean;
}

/** Whether the widget script should be on the page. */
export function shouldLoadLiveChat(config: LiveChatConfig | null | undefined, isLoggedIn: boolean): boolean {
  if (!config || config.enabled === false || config.widgetId.trim() === '') return false;
  return isLoggedIn || config.forGuests;
}

/** The script URL with `{widgetId}` replaced by the (URL-encoded) widget id. */
export function liveChatScriptUrl(template: string, widgetId: string): string {
  return template.replaceAll('{widgetId}', encodeURIComponent(widgetId));
}

export const LIVE_CHAT_SCRIPT_ATTRIBUTE = 'data-live-chat';
