import { useDocumentMeta } from '@/lib/document-meta';

/** Placeholder until the admin API's contract lands (replaced by the real dashboard). */
export default function Dashboard() {
  useDocumentMeta('Dashboard');
  return (
    <div className="admin-page">
      <h1 className="page-title">Dashboard</h1>
    </div>
  );
}
