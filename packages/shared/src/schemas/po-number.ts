/**
 * The lab's PO number or reference (issue 36): asked at checkout, kept on the order, shown in
 * the account and the admin, sent to Business Central as the sales order's
 * externalDocumentNumber (35 characters there). Its own small module: pages that only show it
 * need not load the checkout's messages.
 */
export const PO_NUMBER_LABEL = 'PO number / reference';
