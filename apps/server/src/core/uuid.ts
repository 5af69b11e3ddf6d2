const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be a row id (a UUID); anything else is answered as not found. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
