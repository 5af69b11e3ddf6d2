import { zodResolver } from '@hookform/resolvers/zod';
import { ContactMessageInput } from '@labshop/shared/schemas/content';

/** The contact form's zod resolver: its own chunk, loaded on the form's first validation. */
export const contactResolver = zodResolver(ContactMessageInput);
