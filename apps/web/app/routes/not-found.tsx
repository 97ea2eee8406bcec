import { data } from 'react-router';
import { NotFoundContent } from '../components/not-found-content';

/** Any path the route table does not know answers HTTP 404 with a page that links home. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundContent />;
}
