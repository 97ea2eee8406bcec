import { ContactPage } from '../components/content/contact-page';
import { pageMeta } from '../components/content/page-meta';

export function meta() {
  return pageMeta(
    'Contact Us',
    'Get in touch with Lacebloom: email care@lacebloom.in or call us Mon-Sat 10 AM-7 PM for help with sizing, orders and exchanges.',
  );
}

export default function Contact() {
  return <ContactPage />;
}
