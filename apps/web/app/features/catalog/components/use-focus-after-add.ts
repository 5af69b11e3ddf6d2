import { useEffect, useRef, useState } from 'react';

/**
 * Add to Cart replaces the clicked button with a cart link; this moves the focus to that link
 * (instead of letting it drop to the page), but only after an add made here. `addToCart` is the
 * form's add: `onAddToCart`, remembering that the add was made here.
 */
export function useFocusAfterAdd(inCart: boolean, onAddToCart: () => void) {
  const [addedHere, setAddedHere] = useState(false);
  const cartLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (addedHere && inCart) cartLink.current?.focus();
  }, [addedHere, inCart]);
  const addToCart = () => {
    setAddedHere(true);
    onAddToCart();
  };
  return { cartLink, addToCart };
}
