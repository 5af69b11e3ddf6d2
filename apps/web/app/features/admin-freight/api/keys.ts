/** Query key of the Freight screen: the one freight table (a save sets it). */
export const freightKeys = {
  table: ['admin-freight', 'table'] as const,
};
