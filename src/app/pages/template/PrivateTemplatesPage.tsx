/** /template/private: the company's own label templates (users with a template user only). */
import { TemplateListPage } from './TemplateListPage';

export default function PrivateTemplatesPage() {
  return <TemplateListPage scope="private" />;
}
