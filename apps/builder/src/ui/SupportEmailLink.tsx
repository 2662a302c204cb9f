import { getClientConfig } from '../config/clientConfig';

export function SupportEmailLink() {
  const { supportEmail } = getClientConfig();
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}
