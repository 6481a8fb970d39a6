import { Brand } from './brand.tsx';
import { SocialIcons } from './social-icons.tsx';

export function Footer() {
  return (
    <footer className="footer site-footer">
      <div className="container">
        <div className="columns is-vcentered">
          <div className="column">
            <Brand />
            <address className="mt-3">
              House 27, Road 113, Gulshan 2
              <br />
              Dhaka 1212, Bangladesh
            </address>
          </div>
          <div className="column has-text-centered-mobile has-text-right-tablet">
            <h2 className="title is-5 mb-3">Connect with Us</h2>
            <SocialIcons />
          </div>
        </div>
        <p className="has-text-centered is-size-7 mt-5">© Gulshan Heights. All rights reserved.</p>
      </div>
    </footer>
  );
}
