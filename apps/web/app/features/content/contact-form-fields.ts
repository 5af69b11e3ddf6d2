/** The contact form's fields as it posts them without the page's code (the contact page's action). */
export const CONTACT_FORM_FIELDS = [
  'name',
  'email',
  'phone',
  'inquiryType',
  'message',
  'companyFax',
] as const;

export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];
