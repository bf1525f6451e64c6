package io.github.termsprawl.redact;

/**
 * Vendor names that name the kind of a named secret ({@code TWILIO_AUTH_TOKEN=…} is a
 * {@code twilio-token}): the vendors of gitleaks' and detect-secrets' keyword rules and the model vendors
 * a coding agent talks to (docs/redaction.md, "Assignments").
 */
final class Vendors {
    private Vendors() {}

    /** Name fragment, kind prefix; the first that occurs in the lower-case name wins. */
    private static final String[][] VENDORS = {
        {"openai", "openai"},
        {"anthropic", "anthropic"},
        {"claude", "anthropic"},
        {"gemini", "google"},
        {"google", "google"},
        {"gcp", "google"},
        {"firebase", "google"},
        {"azure", "azure"},
        {"aws", "aws"},
        {"github", "github"},
        {"gh_", "github"},
        {"gitlab", "gitlab"},
        {"slack", "slack"},
        {"stripe", "stripe"},
        {"mistral", "mistral"},
        {"cohere", "cohere"},
        {"groq", "groq"},
        {"huggingface", "huggingface"},
        {"hf_", "huggingface"},
        {"replicate", "replicate"},
        {"perplexity", "perplexity"},
        {"deepseek", "deepseek"},
        {"openrouter", "openrouter"},
        {"xai", "xai"},
        {"adafruit", "adafruit"},
        {"adobe", "adobe"},
        {"airtable", "airtable"},
        {"algolia", "algolia"},
        {"alibaba", "alibaba"},
        {"asana", "asana"},
        {"atlassian", "atlassian"},
        {"jira", "atlassian"},
        {"confluence", "atlassian"},
        {"beamer", "beamer"},
        {"bitbucket", "bitbucket"},
        {"bittrex", "bittrex"},
        {"meraki", "cisco-meraki"},
        {"cloudflare", "cloudflare"},
        {"codecov", "codecov"},
        {"coinbase", "coinbase"},
        {"confluent", "confluent"},
        {"contentful", "contentful"},
        {"datadog", "datadog"},
        {"discord", "discord"},
        {"droneci", "droneci"},
        {"dropbox", "dropbox"},
        {"etsy", "etsy"},
        {"facebook", "facebook"},
        {"fastly", "fastly"},
        {"finicity", "finicity"},
        {"finnhub", "finnhub"},
        {"flickr", "flickr"},
        {"freshbooks", "freshbooks"},
        {"gitter", "gitter"},
        {"gocardless", "gocardless"},
        {"heroku", "heroku"},
        {"hubspot", "hubspot"},
        {"intercom", "intercom"},
        {"jfrog", "jfrog"},
        {"artifactory", "jfrog"},
        {"bintray", "jfrog"},
        {"kraken", "kraken"},
        {"kucoin", "kucoin"},
        {"launchdarkly", "launchdarkly"},
        {"linear", "linear"},
        {"linkedin", "linkedin"},
        {"linked_in", "linkedin"},
        {"looker", "looker"},
        {"mailchimp", "mailchimp"},
        {"mailgun", "mailgun"},
        {"mapbox", "mapbox"},
        {"mattermost", "mattermost"},
        {"messagebird", "messagebird"},
        {"message_bird", "messagebird"},
        {"netlify", "netlify"},
        {"newrelic", "new-relic"},
        {"new_relic", "new-relic"},
        {"new-relic", "new-relic"},
        {"nytimes", "nytimes"},
        {"okta", "okta"},
        {"plaid", "plaid"},
        {"privateai", "privateai"},
        {"private_ai", "privateai"},
        {"rapidapi", "rapidapi"},
        {"sendbird", "sendbird"},
        {"sendgrid", "sendgrid"},
        {"sentry", "sentry"},
        {"snyk", "snyk"},
        {"sonar", "sonar"},
        {"squarespace", "squarespace"},
        {"sumo", "sumologic"},
        {"telegram", "telegram"},
        {"travis", "travisci"},
        {"twitch", "twitch"},
        {"twitter", "twitter"},
        {"typeform", "typeform"},
        {"yandex", "yandex"},
        {"zendesk", "zendesk"},
        {"twilio", "twilio"},
        {"npm", "npm"},
        {"pypi", "pypi"},
        {"docker", "docker"},
        {"vercel", "vercel"},
        {"supabase", "supabase"},
        {"postgres", "postgres"},
        {"mysql", "mysql"},
        {"redis", "redis"},
        {"mongo", "mongodb"},
        {"vault", "vault"},
        {"shopify", "shopify"},
        {"square", "square"},
        {"paypal", "paypal"},
        {"notion", "notion"},
        {"pinecone", "pinecone"},
        {"langchain", "langchain"},
        {"langsmith", "langsmith"},
        {"tavily", "tavily"},
        {"elevenlabs", "elevenlabs"},
        {"cloudinary", "cloudinary"},
        {"digitalocean", "digitalocean"},
        {"pulumi", "pulumi"},
        {"terraform", "hashicorp"},
        {"doppler", "doppler"},
        {"ibm", "ibm"},
        {"softlayer", "softlayer"},
        {"cloudant", "cloudant"}
    };

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
        for (String[] v : VENDORS) {
            if (lowerName.contains(v[0])) {
                return v[1];
            }
        }
        return null;
    }
}
