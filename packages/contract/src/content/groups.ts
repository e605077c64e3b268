/** Localized content groups: the text trees the web app loads per locale. */
export const CONTENT_GROUPS = ['alerts', 'fields-settings', 'global-components', 'layout', 'modals'] as const;
export type ContentGroup = (typeof CONTENT_GROUPS)[number];

/**
 * Groups the server reads but never serves: the texts of e-mails and SMS. The content
 * API accepts only `CONTENT_GROUPS`, so these stay out of every page's download.
 */
export const SERVER_CONTENT_GROUPS = ['messages'] as const;
export type ServerContentGroup = (typeof SERVER_CONTENT_GROUPS)[number];

/** Page content types; each page is addressed by type and identity. */
export const PAGE_TYPES = ['static', 'questions', 'bonus', 'welcome-package', 'contact'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
