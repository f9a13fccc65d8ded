import { useLocation } from 'react-router';
import { MessagePage } from '../../../components/message-page';

export default function NotFoundPage() {
  const location = useLocation();
  return (
    <MessagePage eyebrow="404" title="Page not found" testId="not-found">
      Nothing lives at <code className="rounded bg-tremor-background-subtle px-1 py-0.5">{location.pathname}</code>.
    </MessagePage>
  );
}
