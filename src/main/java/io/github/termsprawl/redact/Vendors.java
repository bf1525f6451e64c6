package io.github.termsprawl.redact;

/**
 * Vendor names that name the kind of a named secret ({@code TWILIO_AUTH_TOKEN=…} is a
 * {@code twilio-token}): the vendors of gitleaks' and detect-secrets' keyword rules and the model vendors
 * a coding agent talks to (docs/redaction.md, "Assignments").
 */
final class Vendors {
    private Vendors() {}

    /**
     * Name fragments, each {@code fragment=kind prefix} where the two differ; the first that occurs in the
     * lower-case name wins.
     */
    private static final String[] VENDORS =
            ("openai anthropic claude=anthropic gemini=google google gcp=google firebase=google azure"
                            + " aws github gh_=github gitlab slack stripe mistral cohere groq huggingface hf_=huggingface"
                            + " replicate perplexity deepseek openrouter xai adafruit adobe airtable algolia alibaba"
                            + " asana atlassian jira=atlassian confluence=atlassian beamer bitbucket bittrex"
                            + " meraki=cisco-meraki cloudflare codecov coinbase confluent contentful datadog discord"
                            + " droneci dropbox etsy facebook fastly finicity finnhub flickr freshbooks gitter gocardless"
                            + " heroku hubspot intercom jfrog artifactory=jfrog bintray=jfrog kraken kucoin launchdarkly"
                            + " linear linkedin linked_in=linkedin looker mailchimp mailgun mapbox mattermost messagebird"
                            + " message_bird=messagebird netlify newrelic=new-relic new_relic=new-relic new-relic nytimes"
                            + " okta plaid privateai private_ai=privateai rapidapi sendbird sendgrid sentry snyk sonar"
                            + " squarespace sumo=sumologic telegram travis=travisci twitch twitter typeform yandex"
                            + " zendesk twilio npm pypi docker vercel supabase postgres mysql redis mongo=mongodb vault"
                            + " shopify square paypal notion pinecone langchain langsmith tavily elevenlabs cloudinary"
                            + " digitalocean pulumi terraform=hashicorp doppler ibm softlayer cloudant")
                    .split(" ");

    /**
     * The one documented shape of the keys and tokens of vendors whose keys have no prefix, by kind prefix:
     * Cisco Meraki API keys (40 lower case hex digits), Sumo Logic access ids ({@code su} and 12) and access
     * keys (64 letters and digits), IBM Cloud IAM API keys (44 of letters, digits, {@code _}, {@code -}) and
     * COS HMAC secrets (48 hex digits), as gitleaks' and detect-secrets' rules record them.
     */
    private static final String[][] SHAPES = {
        {"cisco-meraki", "[0-9a-f]{40}"},
        {"sumologic", "su[A-Za-z0-9]{12}|[A-Za-z0-9]{64}"},
        {"ibm", "[A-Za-z0-9_-]{44}|[0-9a-fA-F]{48}"}
    };

    /** Compiled at the first key named after one of these vendors, in the order of SHAPES. */
    private static final class Shapes {
        static final java.util.regex.Pattern[] PATTERNS = new java.util.regex.Pattern[SHAPES.length];

        static {
            for (int i = 0; i < SHAPES.length; i++) {
                PATTERNS[i] = java.util.regex.Pattern.compile(SHAPES[i][1]);
            }
        }
    }

    /**
     * Whether a value given to a vendor's key or token (a kind {@code <vendor>-api-key} or {@code <vendor>-token})
     * has another shape than that vendor's keys, when it has only one: then it is not that key
     * ({@code SUMO_ACCESS_KEY: AbCeFG123}, a fixture one character short or long of it). A password or a
     * secret the user chose may have any shape, and stays a secret (docs/redaction.md, "Assignments").
     */
    static boolean notItsKey(String kind, String value) {
        String vendor;
        if (kind.endsWith("-api-key")) {
            vendor = kind.substring(0, kind.length() - "-api-key".length());
        } else if (kind.endsWith("-token")) {
            vendor = kind.substring(0, kind.length() - "-token".length());
        } else {
            return false;
        }
        for (int i = 0; i < SHAPES.length; i++) {
            if (SHAPES[i][0].equals(vendor)) {
                return !Shapes.PATTERNS[i].matcher(value).matches();
            }
        }
        return false;
    }

    /** The kind prefix of the vendor the lower-case name names, or null. */
    static String of(String lowerName) {
        for (String v : VENDORS) {
            int eq = v.indexOf('=');
            if (lowerName.contains(eq < 0 ? v : v.substring(0, eq))) {
                return eq < 0 ? v : v.substring(eq + 1);
            }
        }
        return null;
    }
}
