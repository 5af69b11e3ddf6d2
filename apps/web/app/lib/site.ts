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
