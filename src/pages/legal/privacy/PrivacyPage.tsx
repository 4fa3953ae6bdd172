import { Link } from 'react-router-dom';
import { PATHS } from '@/shared/lib/paths';
import { FeedbackPageLink } from '../FeedbackPageLink';
import { LegalPage, LegalSection } from '../LegalPage';

export function Page() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="How PNG to GIF Converter handles your data: your images are processed in your browser and never stored or uploaded."
    >
      <LegalSection title="1. Information We Collect">
        <p>We collect as little as possible:</p>
        <ul>
          <li>
            <strong>Your images:</strong> none. The PNG files you choose are read by your own browser and never reach
            us.
          </li>
          <li>
            <strong>Feedback:</strong> if you send us feedback, we receive what you wrote in the email: your name, the
            subject, your message, an optional rating and, only if you choose to give it, your email address.
          </li>
          <li>
            <strong>Technical data:</strong> like any website, the server that delivers these pages may briefly log
            standard request data (IP address, browser type, time of the request) to keep the site running and secure.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="2. How We Handle Your Files">
        <p>
          All conversion happens locally in your browser, using FFmpeg compiled to WebAssembly. Your files are processed
          on your device and are never uploaded, transmitted to our servers or stored by us. The GIF you create exists
          only in your browser&apos;s memory until you download it, and is discarded when you reset the converter or
          close the page.
        </p>
      </LegalSection>

      <LegalSection title="3. How We Use Information">
        <p>We use the information we receive only to:</p>
        <ul>
          <li>answer your feedback and questions;</li>
          <li>fix bugs and improve the Service;</li>
          <li>keep the Service available and protect it against abuse.</li>
        </ul>
        <p>We do not use your information for advertising and we do not build profiles of our visitors.</p>
      </LegalSection>

      <LegalSection title="4. Information Sharing">
        <p>
          We do not sell, rent or trade your personal information. We share it only when the law requires us to, or with
          providers that host the Service on our behalf and are bound to protect it. If you use a share button, the
          social network you choose receives what you share under its own privacy policy.
        </p>
      </LegalSection>

      <LegalSection title="5. Cookies">
        <p>
          We do not use tracking or advertising cookies. Your browser&apos;s local storage remembers your light or dark
          colour scheme, and its cache keeps the site&apos;s own files so the converter works offline; neither contains
          your images or identifies you. See our <Link to={PATHS.cookies}>Cookie Policy</Link> for details.
        </p>
      </LegalSection>

      <LegalSection title="6. Data Security">
        <p>
          Because your images never leave your device, they cannot be exposed by a breach of our systems. The site is
          delivered over an encrypted connection, and we protect the feedback emails we receive with reasonable
          technical and organisational measures. No method of transmission or storage is completely secure, however.
        </p>
      </LegalSection>

      <LegalSection title="7. Your Rights">
        <p>
          Depending on where you live, you may have the right to access, correct or delete the personal information we
          hold about you, to object to or restrict its processing, and to complain to a data protection authority. In
          practice the only personal data we may hold is your feedback email: ask us through the <FeedbackPageLink />{' '}
          and we will delete it.
        </p>
      </LegalSection>

      <LegalSection title="8. Children's Privacy">
        <p>
          The Service is not directed at children under 13, and we do not knowingly collect personal information from
          them. If you believe a child under 13 has sent us personal information, please contact us and we will delete
          it.
        </p>
      </LegalSection>

      <LegalSection title="9. International Data Transfers">
        <p>
          Your images are never transferred anywhere. Feedback emails and server logs may be processed in countries
          other than yours; where that happens, we rely on appropriate safeguards required by applicable data protection
          law.
        </p>
      </LegalSection>

      <LegalSection title="10. Changes to This Policy">
        <p>
          We may update this Privacy Policy from time to time. The date at the top of this page shows when it was last
          updated; significant changes will be announced on the site.
        </p>
      </LegalSection>

      <LegalSection title="11. Contact Us">
        <p>
          If you have questions about this Privacy Policy or your data, please contact us through our{' '}
          <FeedbackPageLink />.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
