/**
 * Where 'Back to products' returns to: the product list's address as the admin left it (search,
 * category, sort, page). The list's links to the editor carry it as navigation state, which the
 * browser keeps with the history entry, so a reload of the editor keeps it too.
 */
export interface ProductsListState {
  productsList: string;
}

const LIST_PATH = '/admin/products';

/** The state a link from the list (its query string `search`) to the editor carries. */
export function productsListState(search: string): ProductsListState {
  return { productsList: `${LIST_PATH}${search}` };
}

/** The list's address to go back to: the one the state carries, else the bare list. */
export function productsListPath(state: unknown): string {
  if (state !== null && typeof state === 'object' && 'productsList' in state) {
    const path = state.productsList;
    // Only the list itself: state is the page's own, but never a way off the admin's list.
    if (typeof path === 'string' && (path === LIST_PATH || path.startsWith(`${LIST_PATH}?`))) {
      return path;
    }
  }
  return LIST_PATH;
}
