import { redirect } from 'react-router';

// Any unknown path goes to the not-found page (SPEC.md section 2), which answers 404.
export function loader() {
  return redirect('/notfound');
}

export function action() {
  return redirect('/notfound');
}
