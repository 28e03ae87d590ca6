/** /template/public: the general label templates every company sees. */
import { TemplateListPage } from './TemplateListPage';

export default function PublicTemplatesPage() {
  return <TemplateListPage scope="public" />;
}
