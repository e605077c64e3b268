import { describe, expect, it } from 'vitest';
import { liveChatScriptUrl, shouldLoadLiveChat } from './live-chat';

describe('live chat', () => {
  const config = { widgetId: 'w-1', forGuests: false };

  it('loads for signed-in players when chat is configured', () => {
    expect(shouldLoadLiveChat(config, true)).toBe(true);
  });

  it('loads for guests only when guest chat is on', () => {
    expect(shouldLoadLiveChat(config, false)).toBe(false);
    expect(shouldLoadLiveChat({ ...config, forGuests: true }, false)).toBe(true);
  });

  it('does nothing when chat is disabled or not configured', () => {
    expect(shouldLoadLiveChat({ ...config, enabled: false, forGuests: true }, true)).toBe(false);
    expect(shouldLoadLiveChat({ ...config, widgetId: ' ' }, true)).toBe(false);
    expect(shouldLoadLiveChat(null, true)).toBe(false);
    expect(shouldLoadLiveChat(undefined, true)).toBe(false);
  });

  it('puts the widget id into the script URL', () => {
    expect(liveChatScriptUrl('https://chat.example/widget/{widgetId}.js', 'a b')).toBe(
      'https://chat.example/widget/a%20b.js',
    );
    expect(liveChatScriptUrl('https://chat.example/widget.js', 'x')).toBe('https://chat.example/widget.js');
  });
});
