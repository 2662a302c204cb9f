import { NavLink } from 'react-router';
import './AccountAvatar.css';

/** The account's initial and name, leading to the user's Profile. */
export function AccountAvatar({ accountName }: { accountName: string }) {
  return (
    <NavLink to="/profile" className="account-avatar" title="Profile">
      <span className="account-avatar__initial" aria-hidden="true">
        {accountName.charAt(0).toUpperCase()}
      </span>
      <span className="account-avatar__name">{accountName}</span>
      <span className="visually-hidden">: Profile</span>
    </NavLink>
  );
}
