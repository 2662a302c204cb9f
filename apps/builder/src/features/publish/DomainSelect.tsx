import { Dropdown } from '../../ui/dropdown/Dropdown';
import type { DropdownOption } from '../../ui/dropdown/filterOptions';
import { setQuizFields } from '../editor/store/quizActions';
import { useQuizDispatch, useQuizSelector } from '../editor/store/quizStoreHooks';
import { HOST_WITH_PRODUCT_LABEL } from './publishTexts';
import { useAccountDomains } from './useAccountDomains';

/** The option value standing for `domain: null`, our own publish host. */
const OWN_HOST_VALUE = '';

/** Where the quiz goes live: our host, or one of the account's custom domains (the quiz's `domain`). */
export function DomainSelect() {
  const domain = useQuizSelector((quiz) => quiz.domain);
  const dispatch = useQuizDispatch();
  const hosts = useAccountDomains().map((accountDomain) => accountDomain.host);
  // A chosen domain stays visible while the list loads, or after it was removed from the account.
  if (domain !== null && !hosts.includes(domain)) hosts.push(domain);
  const options: DropdownOption<string>[] = [
    { value: OWN_HOST_VALUE, label: HOST_WITH_PRODUCT_LABEL },
    ...hosts.map((host) => ({ value: host, label: host })),
  ];
  return (
    <Dropdown
      label="Domain"
      options={options}
      value={domain ?? OWN_HOST_VALUE}
      onChange={(value) => dispatch(setQuizFields({ domain: value === OWN_HOST_VALUE ? null : value }))}
    />
  );
}
