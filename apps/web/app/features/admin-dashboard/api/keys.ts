/** Query keys of the admin dashboard (the start page). */
export const dashboardKeys = {
  all: ['admin-dashboard'] as const,
};
