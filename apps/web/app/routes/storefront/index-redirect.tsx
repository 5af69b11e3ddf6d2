import { redirect } from 'react-router';

// The empty path opens the home page.
export function loader() {
  return redirect('/home');
}
