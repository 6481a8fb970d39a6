interface AvatarProps {
  name: string;
  photoURL: string | null;
  size?: number;
}

/** The user's photo, or their initial when they have none. */
export function Avatar({ name, photoURL, size = 36 }: AvatarProps) {
  if (photoURL) {
    return <img className="avatar" src={photoURL} alt={name} width={size} height={size} translate="no" />;
  }
  return (
    <span
      className="avatar avatar-initial"
      style={{ width: size, height: size }}
      role="img"
      aria-label={name}
      translate="no"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
