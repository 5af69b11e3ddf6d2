/** The footer sign-up's fields as it posts them without the page's code (/newsletter/signup). */
export const NEWSLETTER_SIGNUP_FIELDS = ['displayName', 'email', 'companyFax'] as const;

/** Where the footer's sign-up form posts before, or without, the page's code. */
export const NEWSLETTER_SIGNUP_PAGE = '/newsletter/signup';
