/** Fixed facts of the shop shown in the shell. The editable contact data comes from the API. */
export const SITE = {
  name: 'labshop',
  tagline: 'Dental laboratory equipment, made in the USA since 1944',
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/', icon: 'facebook' },
    { name: 'Instagram', href: 'https://www.instagram.com/', icon: 'instagram' },
    { name: 'YouTube', href: 'https://www.youtube.com/', icon: 'youtube' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/', icon: 'linkedin' },
  ],
} as const;

export type SocialIconName = (typeof SITE.social)[number]['icon'];

/**
 * What a storefront page that failed to load advises. The phone is the Contacts Data's, in the
 * header above; not repeated here, so these pages load no more code for it.
 */
export const RETRY_ADVICE =
  'Please try again in a moment. If it keeps happening, call us at the number above.';
