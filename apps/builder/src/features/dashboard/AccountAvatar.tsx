export function AccountAvatar({ accountName }: { accountName: string }) {
  return (
    <div className="account-avatar">
      <span className="account-avatar__initial" aria-hidden="true">
        {accountName.charAt(0).toUpperCase()}
      </span>
      <span className="account-avatar__name">{accountName}</span>
    </div>
  );
}
