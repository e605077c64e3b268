/** Localized content groups: the text trees the web app loads per locale. */
export const CONTENT_GROUPS = ['alerts', 'fields-settings', 'global-components', 'layout', 'modals'] as const;
export type ContentGroup = (typeof CONTENT_GROUPS)[number];

/** Page content types; each page is addressed by type and identity. */
export const PAGE_TYPES = ['static', 'questions', 'bonus', 'welcome-package', 'contact'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
