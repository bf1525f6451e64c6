package io.github.termsprawl.redact;

import java.util.regex.Pattern;

/**
 * termsprawl's secret rules (docs/redaction.md), in priority order: where two findings overlap, the earlier
 * rule wins. Written as Java constants, not as text parsed at start: the planted commands run this class
 * initializer interpreted at every start that redacts (docs/redaction.md, "Cost").
 *
 * <p>A rule is a kind, the keywords that wake it, options and a regex (Java; group 1 is the secret when it
 * has groups), or {@code -} for a detector in code. Options: eN minimum Shannon entropy of the secret; i
 * keywords in any case; w a keyword must start a word; m the secret mixes upper case, lower case and digits;
 * bN the match may start up to N characters before its keyword; sN the longest match; p the keywords are
 * prefixes that only this vendor's tokens start with, never a word or another vendor's key (a named value that
 * starts with one is this rule's to find or leave); {@code @name} a detector in code instead of a regex. A
 * rule's regex runs only where one of its keywords occurs. The facts (prefixes, alphabets, lengths) are those
 * the vendors document and gitleaks' and detect-secrets' rules record; the regexes are our own.
 */
final class RuleTable {
    private RuleTable() {}

    private static int next;

    static final Rule[] RULES = {
        rule("private-key", words("-----BEGIN"), "@pem", "-"),
        rule(
                "anthropic-api-key",
                words("sk-ant-"),
                "p s330",
                "\\bsk-ant-(?:[a-z]{2,10}\\d{2}-)?[A-Za-z0-9_-]{20,300}+"),
        rule("openrouter-api-key", words("sk-or-v1-"), "p e3 s90", "\\bsk-or-v1-[a-f0-9]{64}(?![\\w-])"),
        rule(
                "openai-api-key",
                words("sk-"),
                "e3 s420 @openai",
                "\\bsk-(?!ant-)(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{20,400}+"),
        rule(
                "aws-access-key",
                words("AKIA", "ASIA", "ABIA", "ACCA", "A3T"),
                "e3 s20",
                "\\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\\b"),
        rule(
                "aws-bedrock-api-key",
                words("ABSK"),
                "p e3 s300",
                "\\bABSK[A-Za-z0-9+/]{109,269}={0,2}(?![A-Za-z0-9+/=])"),
        rule(
                "aws-bedrock-api-key",
                words("bedrock-api-key-"),
                "p s3000",
                "\\bbedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=%]*"),
        rule(
                "aws-secret-key",
                words("secret_access_key", "secretaccesskey", "secret-access-key"),
                "i e3 s120",
                "(?i:secret[_-]?access[_-]?key)[\\\\\"']{0,3}(?:[ \\t]*[:=][ \\t]*|[ \\t]+)[\\\\\"']{0,3}([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"),
        rule("aws-secret-key", words("AKIA", "ASIA", "ABIA", "ACCA", "A3T"), "@awspair", "-"),
        rule(
                "github-token",
                words("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
                "p e3 s300",
                "\\b(?:(?:ghp|gho|ghu|ghs|ghr)_[0-9a-zA-Z]{36,255}+|github_pat_\\w{82,255}+)"),
        rule(
                "gitlab-token",
                "glpat- gldt- glft- glsoat- glrt- glcbt- glimt- glptt- glagent- gloas- glffct- GR1348941".split(" "),
                "p e3 s1100",
                "\\b(?:(?:glpat|gldt|glft|glsoat|glrt|glffct)-[0-9A-Za-z_-]{20,50}(?![\\w-])|glpat-[0-9A-Za-z_-]{27,300}\\.[0-9a-z]{9}(?![\\w-])|glrt-t\\d_[0-9A-Za-z_-]{27,300}\\.[0-9a-z]{9}(?![\\w-])|glcbt-(?:[0-9a-fA-F]{1,5}_)?[0-9A-Za-z_-]{20,50}(?![\\w-])|glimt-[0-9A-Za-z_-]{25}(?![\\w-])|glptt-[0-9A-Za-z_-]{40}(?![\\w-])|glagent-[0-9A-Za-z_-]{50,1024}(?![\\w-])|gloas-[0-9A-Za-z_-]{64}(?![\\w-])|GR1348941[0-9A-Za-z_-]{20,50}(?![\\w-]))"),
        rule("gitlab-session-cookie", words("_gitlab_session="), "e3 s60", "_gitlab_session=([0-9a-z]{32})"),
        rule(
                "slack-token",
                words("xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "xoxo-", "xoxe", "xapp-"),
                "p e2 s400",
                "\\b(?:xoxb-[0-9]{10,13}-[0-9]{10,13}[a-zA-Z0-9-]*+|xoxb-[0-9]{8,14}-[a-zA-Z0-9]{18,26}|xox[pe](?:-[0-9]{10,13}){3}-[a-zA-Z0-9-]{28,34}|xox[os]-\\d+-\\d+-\\d+-[a-fA-F\\d]+|xox[ar]-(?:\\d-)?[0-9a-zA-Z]{8,48}|(?i:xoxe.xox[bp]-\\d-[A-Z0-9]{163,166})|(?i:xoxe-\\d-[A-Z0-9]{146})|(?i:xapp-\\d-[A-Z0-9]+-\\d+-[a-z0-9]+))"),
        rule(
                "slack-webhook-url",
                words("hooks.slack.com"),
                "b8 s100",
                "(?:https?://)?hooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{43,56}"),
        rule(
                "discord-webhook-url",
                words("discord.com/api/webhooks/", "discordapp.com/api/webhooks/"),
                "b8 s200",
                "(?:https?://)?(?:ptb\\.|canary\\.)?discord(?:app)?\\.com/api/webhooks/\\d{8,20}/[\\w-]{60,68}"),
        rule(
                "microsoft-teams-webhook",
                words(".webhook.office.com/"),
                "b60 s400",
                "https://[A-Za-z0-9-]+\\.webhook\\.office\\.com/webhookb2/[^\\s\"'\\\\<>]{40,300}"),
        rule("google-api-key", words("AIza"), "p e4 s40", "\\bAIza[\\w-]{35}(?![\\w-])"),
        rule("google-oauth-secret", words("GOCSPX-"), "p e3 s40", "\\bGOCSPX-[A-Za-z0-9_-]{28}(?![\\w-])"),
        rule("google-oauth-token", words("ya29."), "p w e3 s2100", "\\bya29\\.[A-Za-z0-9_-]{30,2048}"),
        rule(
                "stripe-key",
                words("sk_test_", "sk_live_", "sk_prod_", "rk_test_", "rk_live_", "rk_prod_", "whsec_"),
                "p w e2 s260",
                "\\b(?:(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,247}|whsec_[A-Za-z0-9+/=]{32,100})(?![\\w-])"),
        rule(
                "azure-ad-client-secret",
                words("Q~"),
                "b4 e3 s45",
                "(?<![\\w~.-])[A-Za-z0-9_~.]{3}\\dQ~[A-Za-z0-9_~.-]{31,34}(?![\\w~.-])"),
        rule(
                "azure-storage-key",
                words("+ASt"),
                "b76 e4 s90",
                "(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{76}\\+ASt[A-Za-z0-9+/]{5}[AQgw]=="),
        rule(
                "azure-storage-key",
                words("AccountKey=", "SharedAccessKey="),
                "i s140",
                "(?i:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{40,86}={0,2})(?![A-Za-z0-9+/=])"),
        rule(
                "azure-function-key",
                words("AzFu"),
                "b44 e4 s60",
                "(?<![\\w-])[A-Za-z0-9_-]{44}AzFu[A-Za-z0-9_-]{5}[AQgw]=="),
        rule(
                "azure-sas-token",
                words("sig="),
                "e3.5 s110",
                "(?<=[?&;\\s\"'])sig=([A-Za-z0-9%+/]{40,100}(?:%3D|%3d|=){0,2})"),
        rule(
                "1password-secret-key",
                words("A3-"),
                "w e3.8 s40",
                "\\bA3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}\\b"),
        rule("1password-token", words("ops_eyJ"), "p e4 s2000", "ops_eyJ[A-Za-z0-9+/]{250,}={0,3}"),
        rule("adobe-client-secret", words("p8e-"), "p w e2 s40", "\\bp8e-[A-Za-z0-9]{32}(?!\\w)"),
        rule(
                "age-secret-key",
                words("AGE-SECRET-KEY-1"),
                "p s80",
                "AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}"),
        rule("airtable-token", words("pat"), "w e3 s90", "\\bpat[A-Za-z0-9]{14}\\.[a-f0-9]{64}\\b"),
        rule("alibaba-access-key", words("LTAI"), "w e2 s30", "\\bLTAI[A-Za-z0-9]{20}(?!\\w)"),
        rule("artifactory-api-key", words("AKCp"), "p w e4.5 s80", "\\bAKCp[A-Za-z0-9]{69}\\b"),
        rule("artifactory-reference-token", words("cmVmd"), "p w e4.5 s70", "\\bcmVmd[A-Za-z0-9]{59}\\b"),
        rule("atlassian-api-token", words("ATATT3"), "p w e3.5 s200", "\\bATATT3[A-Za-z0-9_=-]{186}"),
        rule(
                "authress-key",
                words("sc_", "ext_", "scauth_", "authress_"),
                "w e2 s220",
                "\\b(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\\.[A-Za-z0-9]{4,6}\\.acc[_-][A-Za-z0-9-]{10,32}\\.[A-Za-z0-9+/_=-]{30,120}"),
        rule("clickhouse-api-secret", words("4b1d"), "w e3 s50", "\\b4b1d[A-Za-z0-9]{38}\\b"),
        rule("clojars-token", words("CLOJARS_"), "i e2 s70", "(?i:CLOJARS_)[A-Za-z0-9]{60}"),
        rule("cloudflare-origin-ca-key", words("v1.0-"), "w e2 s180", "\\bv1\\.0-[a-f0-9]{24}-[a-f0-9]{146}(?!\\w)"),
        rule("databricks-token", words("dapi"), "p w e3 s40", "\\bdapi[a-f0-9]{32}(?:-\\d)?(?!\\w)"),
        rule("defined-networking-token", words("dnkey-"), "p w s90", "\\bdnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52}"),
        rule(
                "digitalocean-token",
                words("doo_v1_", "dop_v1_", "dor_v1_"),
                "p w e3 s75",
                "\\bdo[opr]_v1_[a-f0-9]{64}(?!\\w)"),
        rule(
                "doppler-token",
                words("dp."),
                "w e2 s120",
                "\\bdp\\.(?:pt|st|ct|sa|scim|audit)\\.(?:[a-z0-9_-]{1,40}\\.)?[A-Za-z0-9]{40,44}(?!\\w)"),
        rule(
                "discord-bot-token",
                words("MT", "Mj", "Mz", "MZ", "ND", "NT", "Nj", "Nz", "OD", "OT"),
                "w m e3 s80",
                "\\b[MNO][A-Za-z0-9_-]{23,25}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}(?![\\w-])"),
        rule("dropbox-token", words("sl."), "w e3.5 s1500", "\\bsl\\.(?:u\\.)?[A-Za-z0-9_=-]{130,1400}"),
        rule("duffel-token", words("duffel_test_", "duffel_live_"), "p s70", "duffel_(?:test|live)_[A-Za-z0-9_=-]{43}"),
        rule("dynatrace-token", words("dt0c01."), "p e4 s100", "dt0c01\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{64}"),
        rule("easypost-token", words("EZAK", "EZTK"), "p w e2 s60", "\\bEZ[AT]K[A-Za-z0-9]{54}\\b"),
        rule("facebook-token", words("EAAM", "EAAC"), "w e4 s400", "\\bEAA[MC][A-Za-z0-9]{100,300}(?!\\w)"),
        rule(
                "flutterwave-key",
                words("FLWSECK_TEST-", "FLWPUBK_TEST-", "FLWSECK-", "FLWPUBK-"),
                "p e2 s60",
                "FLW(?:SECK|PUBK)(?:_TEST)?-[a-hA-H0-9]{12,32}(?:-X)?"),
        rule(
                "flyio-token",
                words("fo1_", "fm1a_", "fm1r_", "fm2_"),
                "p w e4 s2000",
                "\\b(?:fo1_[\\w-]{43}|fm1[ar]_[A-Za-z0-9+/]{100,1800}={0,3}|fm2_[A-Za-z0-9+/]{100,1800}={0,3})"),
        rule("frameio-token", words("fio-u-"), "p s80", "fio-u-[A-Za-z0-9_=-]{64}"),
        rule("grafana-api-key", words("eyJrIjoi"), "w e3 s420", "\\beyJrIjoi[A-Za-z0-9]{70,400}={0,3}"),
        rule("grafana-cloud-token", words("glc_"), "p w e3 s420", "\\bglc_[A-Za-z0-9+/]{32,400}={0,3}"),
        rule("grafana-service-account-token", words("glsa_"), "p w e3 s50", "\\bglsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}"),
        rule("groq-api-key", words("gsk_"), "p w e3 s60", "\\bgsk_[A-Za-z0-9]{52}(?!\\w)"),
        rule(
                "harness-api-key",
                words("pat.", "sat."),
                "w s80",
                "\\b(?:pat|sat)\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20}"),
        rule(
                "hashicorp-tf-token",
                words(".atlasv1."),
                "b14 e3.5 s90",
                "(?<![A-Za-z0-9])[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,70}"),
        rule("heroku-api-key", words("HRKU-AA"), "p w e4 s70", "\\bHRKU-AA[0-9A-Za-z_-]{58}"),
        rule("huggingface-token", words("hf_", "api_org_"), "w e2 s50", "\\b(?:hf|api_org)_[A-Za-z]{34}(?!\\w)"),
        rule("infracost-token", words("ico-"), "p w e3 s40", "\\bico-[A-Za-z0-9]{32}(?!\\w)"),
        rule(
                "intra42-client-secret",
                words("s-s4t2ud-", "s-s4t2af-"),
                "p w s80",
                "\\bs-s4t2(?:ud|af)-[a-f0-9]{64}(?!\\w)"),
        rule("linear-api-key", words("lin_api_"), "p e2 s50", "lin_api_[A-Za-z0-9]{40}"),
        rule("mailchimp-api-key", words("-us"), "b32 s40", "(?<![A-Za-z0-9])[a-f0-9]{32}-us\\d{1,2}\\b"),
        rule("mailgun-key", words("key-", "pubkey-"), "w e3 s45", "\\b(?:pub)?key-[a-f0-9]{32}\\b"),
        rule(
                "mapbox-token",
                words("pk.eyJ", "sk.eyJ", "tk.eyJ"),
                "w e3 s300",
                "\\b[pst]k\\.eyJ[A-Za-z0-9_-]{40,200}\\.[A-Za-z0-9_-]{20,30}"),
        rule(
                "maxmind-license-key",
                words("_mmk"),
                "b36 e4 s45",
                "(?<![A-Za-z0-9])[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk(?!\\w)"),
        rule(
                "new-relic-key",
                words("NRAK-", "NRII-", "NRJS-", "NRRA-"),
                "w e3 s40",
                "\\bNR(?:AK-[A-Z0-9]{27}|II-[A-Za-z0-9-]{32}|JS-[a-f0-9]{19}|RA-[a-f0-9]{42})"),
        rule(
                "notion-token",
                words("ntn_", "secret_"),
                "w e4 s60",
                "\\b(?:ntn_[0-9]{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})(?!\\w)"),
        rule("npm-token", words("npm_"), "p w e2 s45", "\\bnpm_[A-Za-z0-9]{36}(?!\\w)"),
        rule("octopus-deploy-api-key", words("API-"), "w e3 s35", "\\bAPI-[A-Z0-9]{26}(?!\\w)"),
        rule("openshift-token", words("sha256~"), "p w e3.5 s60", "\\bsha256~[\\w-]{43}(?![\\w-])"),
        rule("perplexity-api-key", words("pplx-"), "p w e4 s60", "\\bpplx-[A-Za-z0-9]{48}(?!\\w)"),
        rule(
                "planetscale-token",
                words("pscale_tkn_", "pscale_oauth_", "pscale_pw_"),
                "p w e3 s80",
                "\\bpscale_(?:tkn|oauth|pw)_[\\w=.-]{32,64}"),
        rule("postman-api-key", words("PMAK-"), "p w e3 s70", "\\bPMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}"),
        rule("prefect-api-key", words("pnu_"), "p w e2 s45", "\\bpnu_[A-Za-z0-9]{36}(?!\\w)"),
        rule("pulumi-token", words("pul-"), "p w e2 s50", "\\bpul-[a-f0-9]{40}(?!\\w)"),
        rule(
                "pypi-token",
                words("pypi-AgEIcHlwaS5vcmc", "pypi-AgENdGVzdC5weXBpLm9yZw"),
                "e3 s1100",
                "pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[\\w-]{70,1000}"),
        rule("readme-api-key", words("rdme_"), "p w e2 s80", "\\brdme_[a-z0-9]{70}"),
        rule("replicate-token", words("r8_"), "p w e3 s45", "\\br8_[A-Za-z0-9]{37}(?!\\w)"),
        rule("rubygems-api-key", words("rubygems_"), "p w e2 s60", "\\brubygems_[a-f0-9]{48}"),
        rule("scalingo-token", words("tk-us-"), "p w e2 s60", "\\btk-us-[\\w-]{48}"),
        rule("sendgrid-api-key", words("SG."), "w e2 s75", "\\bSG\\.[A-Za-z0-9=_.-]{66}(?![\\w.-])"),
        rule(
                "sendinblue-api-key",
                words("xkeysib-", "xsmtpsib-"),
                "p w e2 s100",
                "\\bx(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}"),
        rule(
                "sentry-token",
                words("sntrys_eyJpYXQiO", "sntryu_"),
                "p w e3.5 s600",
                "\\b(?:sntryu_[a-f0-9]{64}(?!\\w)|sntrys_eyJpYXQiO[A-Za-z0-9+/]{10,400}={0,2}_[A-Za-z0-9+/]{43})"),
        rule(
                "sourcegraph-token",
                words("sgp_"),
                "p w e3 s80",
                "\\bsgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}(?!\\w)"),
        rule(
                "settlemint-token",
                words("sm_aat_", "sm_pat_", "sm_sat_"),
                "p w e3 s30",
                "\\bsm_(?:aat|pat|sat)_[A-Za-z0-9]{16}(?!\\w)"),
        rule(
                "shippo-api-key",
                words("shippo_live_", "shippo_test_"),
                "p w e2 s60",
                "\\bshippo_(?:live|test)_[a-fA-F0-9]{40}"),
        rule(
                "shopify-token",
                words("shpat_", "shpca_", "shppa_", "shpss_"),
                "p w e2 s40",
                "\\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
        rule(
                "sidekiq-secret",
                words("__CONTRIBSYS__COM"),
                "i b30 s60",
                "(?i:BUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM)[\\\\\"' \\t]{0,4}[:=][\\\\\"' \\t]{0,4}([a-f0-9]{8}:[a-f0-9]{8})"),
        rule(
                "square-token",
                words("sq0atp-", "sq0csp-", "EAAA"),
                "w e2 s70",
                "\\b(?:EAAA|sq0atp-|sq0csp-)[\\w-]{22,60}(?![\\w-])"),
        rule("telegram-bot-token", words(":A"), "b16 e3 s60", "(?<![\\w:])\\d{5,16}:A[A-Za-z0-9_-]{34}(?![\\w-])"),
        rule("twilio-api-key", words("SK"), "w e3 s40", "\\bSK[0-9a-fA-F]{32}(?!\\w)"),
        rule(
                "twitter-bearer-token",
                words("AAAAAAAAAAAAAAAAAAAAA"),
                "s130",
                "(?<![A-Za-z0-9+/])A{22}[A-Za-z0-9%]{80,100}(?![A-Za-z0-9%+/=])"),
        rule(
                "vault-token",
                words("hvs.", "hvb.", "hvr.", "s."),
                "w m e3.5 s310",
                "\\b(?:hv[sr]\\.[\\w-]{90,120}|hvb\\.[\\w-]{138,300}|s\\.[A-Za-z0-9]{24})(?![\\w-])"),
        rule("xai-api-key", words("xai-"), "p w e3 s90", "\\bxai-[A-Za-z0-9]{80}(?!\\w)"),
        rule("yandex-api-key", words("AQVN"), "w e3 s50", "\\bAQVN[A-Za-z0-9_-]{35,38}(?![\\w-])"),
        rule("bearer-token", words("authorization"), "i @authorization", "-"),
        rule("bearer-token", words("bearer"), "i @bearer", "-"),
        rule(
                "jwt",
                words("eyJ"),
                "e3 s8200 @jwt",
                "(?<![\\w-])eyJ[A-Za-z0-9_-]{8,4000}={0,2}\\.[A-Za-z0-9_-]{2,4000}={0,2}(?:\\.[A-Za-z0-9_-]*+={0,2}){0,3}"),
        rule("url-credentials", words("://"), "@url", "-"),
        rule("basic-auth", words("curl"), "w @curl", "-"),
        rule("secret-assignment", words("mysql", "sshpass"), "w @mysql", "-"),
        rule(
                "encoded-secret",
                words("%3D", "%3d", "%3A", "%3a", "%2F", "%2f", "%2B", "%2b", "%40"),
                "@urlencoded",
                "-"),
        rule("encoded-secret", Encoded.BASE64_KEYWORDS, "@base64", "-"),
        rule("secret-assignment", words("pass", "pw", "secret", "token", "key", "auth", "cred"), "i @assignment", "-"),
    };

    /**
     * Whether the value starts with a prefix that only its vendor's tokens have (the rules of option p): such a
     * value is that vendor's token, which its rule finds, or none. A named assignment leaves it to that rule, so
     * {@code "token": "xoxp-1234567890"} stays as Slack's rule leaves it (docs/redaction.md, "Assignments").
     */
    static boolean ownPrefix(String value) {
        for (String prefix : OwnPrefixes.PREFIXES) {
            if (value.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Built at the first named value that is tried: most runs build none. Loops, not streams: see the class. */
    private static final class OwnPrefixes {
        static final String[] PREFIXES = build();

        private static String[] build() {
            java.util.List<String> out = new java.util.ArrayList<>();
            for (Rule rule : RULES) {
                if (rule.ownPrefix) {
                    out.addAll(java.util.List.of(rule.keywords));
                }
            }
            return out.toArray(new String[0]);
        }
    }

    private static String[] words(String... words) {
        return words;
    }

    /** One rule; its options read by hand, one character at a time (no split, no number parser at start). */
    private static Rule rule(String kind, String[] keywords, String options, String regex) {
        boolean ignoreCase = false;
        boolean wordStart = false;
        boolean mixed = false;
        boolean ownPrefix = false;
        double entropy = 0;
        int back = 0;
        int span = 1024;
        String detector = null;
        int i = 0;
        int n = options.length();
        while (i < n) {
            char o = options.charAt(i);
            int end = options.indexOf(' ', i);
            end = end < 0 ? n : end;
            switch (o) {
                case 'i' -> ignoreCase = true;
                case 'w' -> wordStart = true;
                case 'm' -> mixed = true;
                case 'p' -> ownPrefix = true;
                case 'e' -> entropy = decimal(options, i + 1, end);
                case 'b' -> back = (int) decimal(options, i + 1, end);
                case 's' -> span = (int) decimal(options, i + 1, end);
                case '@' -> detector = options.substring(i + 1, end);
                default -> throw new IllegalStateException("RuleTable: unknown option " + o + " in " + kind);
            }
            i = end + 1;
        }
        return new Rule(
                next++, kind, keywords, ignoreCase, wordStart, mixed, ownPrefix, entropy, back, span, detector, regex);
    }

    /** A number such as {@code 3} or {@code 3.5}. */
    private static double decimal(String s, int from, int to) {
        double value = 0;
        double scale = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '.' && scale == 0) {
                scale = 1;
            } else if (c >= '0' && c <= '9') {
                value = value * 10 + (c - '0');
                scale *= 10;
            } else {
                throw new IllegalStateException("RuleTable: not a number: " + s.substring(from, to));
            }
        }
        return scale > 1 ? value / scale : value;
    }

    /** Compiled when the first rule's regex is: most runs compile none. */
    private static final class Lookbehind {
        static final Pattern PATTERN = Pattern.compile("\\(\\?<!\\[([^\\]]*)\\]\\)");
    }

    /**
     * A token right after an escaped line end of JSON text ({@code \nAKIA…}) starts a word although an
     * {@code n} precedes it: a leading {@code \b} and every {@code (?<![…])} also accept that place, and
     * refuse to start at the {@code n} itself. A leading {@code \b} also accepts a token glued to a word of a
     * path segment ({@code /tmp/token_ghp_…}), as KeywordScan.inPathSegment says.
     */
    static String escapeAware(String regex) {
        String r = regex;
        if (r.startsWith("\\b")) {
            // the lookbehind of a path is tried last: it is the dearest, and the rarest
            r = "(?:\\b|(?<=\\\\[nrt])|(?<=[/\\\\][\\w.~-]{0," + KeywordScan.SEGMENT + "}[_-]))" + r.substring(2);
        }
        return Lookbehind.PATTERN.matcher(r).replaceAll("(?:(?<=\\\\\\\\[nrt])|(?<![\\\\\\\\$1]))");
    }
}
