import { FeedbackPageLink } from '../FeedbackPageLink';
import { LegalPage, LegalSection } from '../LegalPage';

export function Page() {
  return (
    <LegalPage
      title="Cookie Policy"
      description="Which cookies and browser storage PNG to GIF Converter uses, why, and how you can manage or disable them."
    >
      <LegalSection title="1. What Are Cookies">
        <p>
          Cookies are small text files that a website stores in your browser. They let the site remember information
          between pages or visits, such as your preferences. Similar technologies, like your browser&apos;s local
          storage and cache, work the same way and are covered by this policy too.
        </p>
      </LegalSection>

      <LegalSection title="2. How We Use Cookies">
        <p>
          PNG to GIF Converter is built to need as little as possible. We do not set advertising or tracking cookies,
          and your images are never stored in cookies or sent anywhere. Today the site only keeps, in your
          browser&apos;s local storage, your choice of light or dark colour scheme, and in its cache, the site&apos;s
          own files so the converter also works offline.
        </p>
      </LegalSection>

      <LegalSection title="3. Types of Cookies We Use">
        <h3>Essential Cookies</h3>
        <ul>
          <li>Needed for the site to load and work securely.</li>
          <li>Keep the converter&apos;s files available offline after your first visit.</li>
          <li>Cannot be switched off without breaking the Service.</li>
        </ul>
        <h3>Functional Cookies</h3>
        <ul>
          <li>Remember your light or dark colour scheme.</li>
          <li>Make the site behave the way you left it on your next visit.</li>
          <li>Contain no personal information.</li>
        </ul>
        <h3>Analytics Cookies</h3>
        <ul>
          <li>Would help us understand how visitors use the site, in aggregate.</li>
          <li>Are not used today: we run no analytics service.</li>
          <li>Would only ever be added with an update to this policy.</li>
        </ul>
        <h3>Performance Cookies</h3>
        <ul>
          <li>Would measure loading times and report errors so we can fix them.</li>
          <li>Are not used today: performance is measured on our own test machines.</li>
          <li>Would never contain your images or their content.</li>
        </ul>
      </LegalSection>

      <LegalSection title="4. Third-Party Cookies">
        <p>We load no third-party scripts, so no third party sets cookies through our pages. For completeness:</p>
        <ul>
          <li>
            <strong>Analytics services:</strong> none are used.
          </li>
          <li>
            <strong>Content delivery networks:</strong> if the site is delivered through a CDN, it may set strictly
            necessary cookies for security and load balancing.
          </li>
          <li>
            <strong>Social media widgets:</strong> we embed none. The share buttons are plain links; the network you
            choose may set its own cookies once you are on its site, under its own policy.
          </li>
          <li>
            <strong>Security services:</strong> a hosting provider may use cookies to protect the site against abuse.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="5. Managing Cookies">
        <p>
          You can view, block or delete cookies and site data in your browser settings. Here is where to find them in
          the most common browsers:
        </p>
        <ul>
          <li>
            <strong>Chrome:</strong> Settings → Privacy and security → Third-party cookies, or Site settings → Cookies
            and site data.
          </li>
          <li>
            <strong>Firefox:</strong> Settings → Privacy &amp; Security → Cookies and Site Data.
          </li>
          <li>
            <strong>Safari:</strong> Settings (Preferences) → Privacy → Manage Website Data.
          </li>
          <li>
            <strong>Edge:</strong> Settings → Cookies and site permissions → Manage and delete cookies and site data.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="6. Cookie Duration">
        <p>
          <strong>Session cookies</strong> are deleted when you close your browser. <strong>Persistent cookies</strong>{' '}
          stay until they expire or you delete them. Our colour-scheme preference and offline files are persistent: they
          stay in your browser until you clear your site data.
        </p>
      </LegalSection>

      <LegalSection title="7. Impact of Disabling Cookies">
        <p>You can use the converter with cookies and site data disabled, but:</p>
        <ul>
          <li>your settings, such as the colour scheme, will not be remembered;</li>
          <li>some features, such as working offline, may not work;</li>
          <li>the site cannot offer any personalization;</li>
          <li>error reporting, should we ever add it, would be hindered.</li>
        </ul>
      </LegalSection>

      <LegalSection title="8. Updates to This Policy">
        <p>
          We will update this Cookie Policy if the way we use cookies changes, for example before adding any analytics.
          The date at the top of this page shows when it was last updated.
        </p>
      </LegalSection>

      <LegalSection title="9. Contact Us">
        <p>
          If you have questions about this Cookie Policy, please contact us through our <FeedbackPageLink />.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
