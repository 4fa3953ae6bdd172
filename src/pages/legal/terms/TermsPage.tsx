import { Link } from 'react-router-dom';
import { PATHS } from '@/shared/lib/paths';
import { FeedbackPageLink } from '../FeedbackPageLink';
import { LegalPage, LegalSection } from '../LegalPage';

export function Page() {
  return (
    <LegalPage
      title="Terms of Service"
      description="The terms for using the free PNG to GIF Converter: what the service does, your responsibilities, and the limits of our liability."
    >
      <LegalSection title="1. Acceptance of Terms">
        <p>
          By accessing or using PNG to GIF Converter (the &quot;Service&quot;), you agree to be bound by these Terms of
          Service. If you do not agree with any part of them, please do not use the Service.
        </p>
      </LegalSection>

      <LegalSection title="2. Description of Service">
        <p>
          PNG to GIF Converter is a free online tool that turns PNG images into GIF files: a static GIF from one image,
          or a looping animated GIF composed from several images. The conversion runs entirely in your web browser,
          using FFmpeg compiled to WebAssembly. Your images are not uploaded to any server, and no account or
          registration is needed.
        </p>
      </LegalSection>

      <LegalSection title="3. User Responsibilities">
        <p>When you use the Service, you agree that:</p>
        <ul>
          <li>you own the images you convert, or have the right to use and modify them;</li>
          <li>you will not use the Service to create or spread content that is unlawful, harmful or infringing;</li>
          <li>you are responsible for keeping your own copies of your original files and of the GIFs you create.</li>
        </ul>
      </LegalSection>

      <LegalSection title="4. Privacy">
        <p>
          Your privacy matters to us. Images are processed locally on your device and are never sent to us or stored by
          us. How we handle the little information we do receive is explained in our{' '}
          <Link to={PATHS.privacy}>Privacy Policy</Link>, which forms part of these Terms.
        </p>
      </LegalSection>

      <LegalSection title="5. Intellectual Property">
        <p>
          You keep all rights to the images you convert and to the GIFs produced from them. The Service itself, its
          design, text and logo belong to its operators. The conversion engine is FFmpeg (via ffmpeg.wasm), which is
          free software distributed under the GNU General Public License version 2 or later; its licence and source are
          listed under &quot;Open-source licences&quot; in the footer of every page.
        </p>
      </LegalSection>

      <LegalSection title="6. Service Availability">
        <p>
          We aim to keep the Service available at all times, but we do not guarantee that it will be uninterrupted,
          error-free or available in every browser. We may change, suspend or discontinue any part of the Service at any
          time without notice. Once loaded, the converter can keep working without a network connection.
        </p>
      </LegalSection>

      <LegalSection title="7. Limitation of Liability">
        <p>
          The Service is provided &quot;as is&quot; and &quot;as available&quot;, without warranties of any kind. To the
          fullest extent permitted by law, we are not liable for any direct, indirect, incidental or consequential
          damages arising from your use of the Service, including loss of data or the quality of converted files.
        </p>
      </LegalSection>

      <LegalSection title="8. Prohibited Uses">
        <p>You may not use the Service:</p>
        <ul>
          <li>for any unlawful purpose, or to infringe the intellectual property or privacy rights of others;</li>
          <li>to create content that is abusive, defamatory, obscene or that exploits minors;</li>
          <li>to attempt to disrupt, overload or gain unauthorised access to the Service or its infrastructure;</li>
          <li>to copy or resell the Service as your own without respecting the licences of its components.</li>
        </ul>
      </LegalSection>

      <LegalSection title="9. Changes to Terms">
        <p>
          We may update these Terms from time to time. The date at the top of this page shows when they were last
          updated. Continuing to use the Service after a change means you accept the updated Terms.
        </p>
      </LegalSection>

      <LegalSection title="10. Contact Information">
        <p>
          If you have questions about these Terms, please contact us through our <FeedbackPageLink />.
        </p>
      </LegalSection>

      <LegalSection title="11. Governing Law">
        <p>
          These Terms are governed by the laws of the country in which the operators of the Service are established,
          without regard to its conflict of law provisions. Nothing in these Terms limits the rights you have under the
          consumer protection laws of the country where you live.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
