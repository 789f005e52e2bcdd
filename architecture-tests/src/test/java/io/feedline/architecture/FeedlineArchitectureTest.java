package io.feedline.architecture;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The module rules of docs/ARCHITECTURE.md, enforced. The rules run over the classes of every
 * module, imported from their jars and class folders: production and the bench alike, with no
 * exemption. Tests and test fixtures (the test-support module, the adapters' test-jars) are left
 * out of the import; rules below keep
 * production from depending on them or on the bench. Every rule refuses to pass on an empty set.
 */
class FeedlineArchitectureTest {
    private static final String PORTS = "io.feedline.ports..";
    private static final String DOMAIN = "io.feedline.domain..";
    private static final String DYNAMO = "io.feedline.adapter.dynamodb..";
    private static final String POSTGRES = "io.feedline.adapter.postgres..";
    private static final String REDIS = "io.feedline.adapter.redis..";
    private static final String MEMORY = "io.feedline.adapter.memory..";
    private static final String LUCENE = "io.feedline.adapter.lucene..";
    private static final String FILESYSTEM = "io.feedline.adapter.filesystem..";
    private static final String S3 = "io.feedline.adapter.s3..";
    private static final String IMAGING = "io.feedline.adapter.imaging..";
    private static final String APP = "io.feedline.app..";
    private static final String HTTP = "io.feedline.app.http..";
    private static final String MASTODON = "io.feedline.app.mastodon..";
    private static final String WEB = "io.feedline.app.web..";
    private static final String BOOTSTRAP = "io.feedline.app.bootstrap..";
    private static final String BENCH = "io.feedline.bench..";
    private static final String TEST_SUPPORT = "io.feedline.testsupport..";
    /** A module's test-jar (tests-classifier jars) holds test fixtures, not production classes. */
    private static final ImportOption NO_TEST_JARS = location -> !location.matches(Pattern.compile(".*-tests\\.jar.*"));

    private static JavaClasses feedline;

    @BeforeAll
    static void importProductionAndBenchClasses() {
        feedline = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TEST_FIXTURES)
                .withImportOption(NO_TEST_JARS)
                .importPackages("io.feedline")
                .that(resideOutsideOfPackage(TEST_SUPPORT));
    }

    private static void check(ArchRule rule) {
        rule.allowEmptyShould(false).check(feedline);
    }

    @ParameterizedTest(name = "classes of {0} are imported")
    @ValueSource(strings = {
        "io.feedline.ports.model", "io.feedline.ports.in", "io.feedline.ports.out",
        "io.feedline.domain", "io.feedline.domain.fanout", "io.feedline.domain.events", "io.feedline.domain.support",
        "io.feedline.domain.settings", "io.feedline.domain.relations", "io.feedline.domain.users",
        "io.feedline.domain.notifications", "io.feedline.domain.feed", "io.feedline.domain.posts",
        "io.feedline.domain.engagement", "io.feedline.domain.explore", "io.feedline.domain.tags",
        "io.feedline.domain.home", "io.feedline.domain.live", "io.feedline.domain.graph",
        "io.feedline.domain.search", "io.feedline.domain.articles", "io.feedline.domain.media",
        "io.feedline.adapter.dynamodb", "io.feedline.adapter.postgres", "io.feedline.adapter.redis",
        "io.feedline.adapter.memory", "io.feedline.adapter.lucene",
        "io.feedline.adapter.filesystem", "io.feedline.adapter.s3", "io.feedline.adapter.imaging",
        "io.feedline.app.http", "io.feedline.app.mastodon", "io.feedline.app.web", "io.feedline.app.cli", "io.feedline.app.bootstrap",
        "io.feedline.bench"
    })
    void everyPackageOfTheDesignHasProductionClasses(String pkg) {
        assertThat(feedline.stream().filter(c -> c.getPackageName().equals(pkg)).count())
                .as("production classes in %s (a rule over an empty package would pass vacuously)", pkg)
                .isPositive();
        assertThat(feedline.stream().filter(c -> c.getPackageName().startsWith(pkg)))
                .as("no test class leaked into the import")
                .noneMatch(c -> c.getSimpleName().endsWith("Test") || c.getSimpleName().endsWith("Contract"));
    }

    @Test
    void noCyclesBetweenPackages() {
        check(slices().matching("io.feedline.(**)").should().beFreeOfCycles());
    }

    @Test
    void portsDependOnTheJdkOnly() {
        check(classes().that().resideInAPackage(PORTS)
                .should().onlyDependOnClassesThat().resideInAnyPackage(PORTS, "java.."));
    }

    @Test
    void domainDependsOnPortsAndTheJdkOnly() {
        check(classes().that().resideInAPackage(DOMAIN)
                .should().onlyDependOnClassesThat().resideInAnyPackage(DOMAIN, PORTS, "java.."));
    }

    @Test
    void onlyTheCoreTakesTheWholeBagOfPorts() {
        check(noClasses().that().resideInAPackage(DOMAIN)
                .and().doNotHaveFullyQualifiedName("io.feedline.domain.FeedlineCore")
                .and().doNotHaveFullyQualifiedName("io.feedline.domain.DomainPorts")
                .and().doNotHaveFullyQualifiedName("io.feedline.domain.DomainPorts$Builder")
                .should().dependOnClassesThat().haveFullyQualifiedName("io.feedline.domain.DomainPorts"));
    }

    /**
     * The domain's feature packages and the features each may use (docs/adr/0025-feature-packages.md).
     * The order is the layering: a feature uses only features listed above it. The root package
     * ({@code FeedlineCore}, {@code DomainPorts}) wires them all and is used by none.
     */
    private static final Map<String, List<String>> FEATURES = Map.ofEntries(
            Map.entry("fanout", List.of()),
            Map.entry("events", List.of()),
            Map.entry("support", List.of()),
            Map.entry("media", List.of()),
            Map.entry("relations", List.of()),
            Map.entry("settings", List.of("fanout")),
            Map.entry("users", List.of("events", "media")),
            Map.entry("notifications", List.of("relations", "users")),
            Map.entry("feed", List.of("fanout", "settings", "support")),
            Map.entry("posts", List.of("events", "fanout", "feed", "media", "notifications", "relations", "settings", "support", "users")),
            Map.entry("engagement", List.of("events", "feed", "notifications", "posts", "relations", "support", "users")),
            Map.entry("explore", List.of("events", "posts", "relations", "support")),
            Map.entry("search", List.of("posts", "relations", "support")),
            Map.entry("articles", List.of("posts", "relations", "support", "users")),
            Map.entry("graph", List.of("events", "feed", "notifications", "posts", "relations", "support", "users")),
            Map.entry("tags", List.of("explore", "fanout", "feed", "posts", "relations", "settings", "support", "users")),
            Map.entry("home", List.of("events", "feed", "posts", "relations", "settings", "support", "tags")),
            Map.entry("live", List.of("home", "posts", "relations", "support")));

    @Test
    void eachFeatureUsesOnlyTheFeaturesItNames() {
        for (Map.Entry<String, List<String>> feature : FEATURES.entrySet()) {
            List<String> allowed = new java.util.ArrayList<>(List.of(PORTS, "java.."));
            allowed.add("io.feedline.domain." + feature.getKey() + "..");
            feature.getValue().forEach(other -> allowed.add("io.feedline.domain." + other + ".."));
            check(classes().that().resideInAPackage("io.feedline.domain." + feature.getKey() + "..")
                    .should().onlyDependOnClassesThat().resideInAnyPackage(allowed.toArray(String[]::new)));
        }
    }

    @Test
    void everyDomainClassOutsideTheRootIsInANamedFeature() {
        check(classes().that().resideInAPackage(DOMAIN).and().resideOutsideOfPackage("io.feedline.domain")
                .should().resideInAnyPackage(FEATURES.keySet().stream()
                        .map(feature -> "io.feedline.domain." + feature + "..").toArray(String[]::new)));
    }

    /** One name for a use-case service: a domain class that implements a use case of ports.in is a Desk. */
    @Test
    void useCaseServicesAreDesks() {
        DescribedPredicate<JavaClass> useCase = JavaClass.Predicates.resideInAPackage("io.feedline.ports.in..");
        check(classes().that().resideInAPackage(DOMAIN).and().implement(useCase)
                .should().haveSimpleNameEndingWith("Desk"));
        check(classes().that().resideInAPackage(DOMAIN).and().haveSimpleNameEndingWith("Desk")
                .should().implement(useCase));
    }

    @Test
    void adaptersDependOnNeitherDomainNorAppNorEachOther() {
        List<String> adapters = List.of(DYNAMO, POSTGRES, REDIS, MEMORY, LUCENE, FILESYSTEM, S3, IMAGING);
        for (String adapter : adapters) {
            List<String> forbidden = new java.util.ArrayList<>(adapters);
            forbidden.addAll(List.of(DOMAIN, APP));
            forbidden.remove(adapter);
            check(noClasses().that().resideInAPackage(adapter)
                    .should().dependOnClassesThat().resideInAnyPackage(forbidden.toArray(String[]::new)));
        }
    }

    /** A technology and the packages that may use it; the first is its home, which must really use it. */
    @ParameterizedTest(name = "{0} is used only in its own module")
    @ValueSource(strings = {
        // The AWS SDK: DynamoDB's client in its adapter, S3's in the S3 media store.
        "software.amazon.awssdk..=" + DYNAMO + "," + S3,
        "com.amazonaws..=" + DYNAMO,
        "org.jdbi..=" + POSTGRES,
        "java.sql..=" + POSTGRES,
        "org.flywaydb..=" + POSTGRES,
        "com.zaxxer..=" + POSTGRES,
        "io.lettuce..=" + REDIS,
        "org.apache.lucene..=" + LUCENE,
        // Image decoding, type detection, metadata, scaling and blurhash stay behind MediaProcessing;
        // the benchmark writes its test photos with the JDK's encoder.
        "javax.imageio..=" + IMAGING + "," + BENCH,
        "org.apache.tika..=" + IMAGING,
        "com.twelvemonkeys..=" + IMAGING,
        "com.drew..=" + IMAGING,
        "net.coobird.thumbnailator..=" + IMAGING,
        "io.trbl.blurhash..=" + IMAGING,
        // Both driving adapters over HTTP: the native API and the Mastodon API, and the plumbing they share.
        "io.javalin..=" + HTTP + "," + MASTODON + "," + WEB,
        // The in-process caches' library; the HTTP layer's rate limiter keeps its buckets in one too,
        // the Redis rate-limit buckets the ones they answer in the process, and the Mastodon API the
        // authors embedded in statuses.
        "com.github.benmanes.caffeine..=" + MEMORY + "," + HTTP + "," + MASTODON + "," + REDIS
    })
    void technologyStaysInItsModule(String mapping) {
        String technology = mapping.substring(0, mapping.indexOf('='));
        String[] allowed = mapping.substring(mapping.indexOf('=') + 1).split(",");
        String home = allowed[0];
        check(noClasses().that().resideOutsideOfPackages(allowed)
                .should().dependOnClassesThat().resideInAPackage(technology));
        String homePrefix = home.substring(0, home.length() - 2);
        String techPrefix = technology.substring(0, technology.length() - 2);
        assertThat(feedline.stream()
                        .filter(c -> c.getPackageName().startsWith(homePrefix))
                        .anyMatch(c -> c.getDirectDependenciesFromSelf().stream()
                                .anyMatch(d -> d.getTargetClass().getPackageName().startsWith(techPrefix))))
                .as("%s really uses %s, so the rule above is not vacuous", home, technology)
                .isTrue();
    }

    @Test
    void storagePortsAreImplementedInAdapters() {
        DescribedPredicate<JavaClass> storagePort = new DescribedPredicate<>("a storage out-port") {
            @Override
            public boolean test(JavaClass c) {
                return c.isInterface() && c.getPackageName().equals("io.feedline.ports.out")
                        && !c.getSimpleName().equals("PasswordHasher") && !c.getSimpleName().equals("IdGenerator")
                        // Processing stores nothing; the app bounds it as it bounds password hashing.
                        && !c.getSimpleName().equals("MediaProcessing")
                        // A listener nested in a port is what the domain hands the adapter to call back.
                        && !(c.isMemberClass() && c.getSimpleName().equals("Listener"));
            }
        };
        check(classes().that().implement(storagePort).and().areNotInterfaces()
                .should().resideInAPackage("io.feedline.adapter.."));
    }

    @Test
    void inProcessCachesArePortsLikeEveryOtherAdapter() {
        DescribedPredicate<JavaClass> outPort = new DescribedPredicate<>("an out-port") {
            @Override
            public boolean test(JavaClass c) {
                return c.isInterface() && c.getPackageName().equals("io.feedline.ports.out");
            }
        };
        check(classes().that().resideInAPackage(MEMORY).and().haveSimpleNameEndingWith("Cache")
                .should().implement(outPort));
    }

    @Test
    void hashingAndIdsAreImplementedOutsideTheCore() {
        check(classes().that().implement("io.feedline.ports.out.PasswordHasher")
                .or().implement("io.feedline.ports.out.IdGenerator")
                .should().resideInAnyPackage("io.feedline.adapter..", BOOTSTRAP));
    }

    @Test
    void httpTalksToUseCasesOnly() {
        check(noClasses().that().resideInAPackage(HTTP)
                .should().dependOnClassesThat()
                .resideInAnyPackage("io.feedline.ports.out..", DOMAIN, "io.feedline.adapter.."));
    }

    @Test
    void mastodonTalksToUseCasesOnly() {
        check(noClasses().that().resideInAPackage(MASTODON)
                .should().dependOnClassesThat()
                .resideInAnyPackage("io.feedline.ports.out..", DOMAIN, "io.feedline.adapter.."));
    }

    /**
     * The two driving adapters evolve apart: neither reaches into the other. What both use of the
     * web (the request deadline, the media files and their links) knows neither. It may use the
     * ports' values and use cases, as the two APIs do, never the domain or the composition root.
     */
    @Test
    void theNativeAndTheMastodonApiAreIndependent() {
        check(noClasses().that().resideInAPackage(MASTODON)
                .should().dependOnClassesThat().resideInAPackage(HTTP));
        check(noClasses().that().resideInAPackage(HTTP)
                .should().dependOnClassesThat().resideInAPackage(MASTODON));
        check(noClasses().that().resideInAPackage(WEB)
                .should().dependOnClassesThat().resideInAnyPackage(HTTP, MASTODON, BOOTSTRAP, "io.feedline.ports.out..", DOMAIN));
    }

    @Test
    void onlyTheCompositionRootNamesAdaptersAndTheDomain() {
        check(noClasses().that().resideInAPackage(APP).and().resideOutsideOfPackage(BOOTSTRAP)
                .should().dependOnClassesThat().resideInAnyPackage("io.feedline.adapter..", DOMAIN));
    }

    /**
     * The bags of use cases and of ports are built by name, through their builders: a call with
     * 30 positional arguments cannot be read, and a copy with one slot changed had to repeat the
     * other 29. The builder itself must call the constructor, so the rule is not vacuous.
     */
    @ParameterizedTest(name = "{0} is built by its builder only")
    @ValueSource(strings = {"io.feedline.ports.in.UseCases", "io.feedline.domain.DomainPorts"})
    void theBagsAreBuiltByName(String bag) {
        check(noClasses().that().doNotHaveFullyQualifiedName(bag + "$Builder")
                .should().callConstructorWhere(target(owner(name(bag)))));
        check(classes().that().haveFullyQualifiedName(bag + "$Builder")
                .should().callConstructorWhere(target(owner(name(bag)))));
    }

    @Test
    void noProductionClassDependsOnTheBench() {
        check(noClasses().that().resideOutsideOfPackage(BENCH)
                .should().dependOnClassesThat().resideInAPackage(BENCH));
    }

    @Test
    void noProductionClassDependsOnTestSupport() {
        check(noClasses().that().resideOutsideOfPackage(BENCH)
                .should().dependOnClassesThat().resideInAPackage(TEST_SUPPORT));
    }

    @Test
    void testFixturesStayOutOfTheImport() {
        assertThat(feedline.stream().filter(c -> c.getPackageName().startsWith("io.feedline.testsupport")))
                .as("test-support classes among the checked ones").isEmpty();
        assertThat(feedline.stream().filter(c -> c.getSimpleName().equals("PutItemPerDelivery")))
                .as("the DynamoDB adapter's test-jar fixture among the checked ones").isEmpty();
        assertThat(feedline.stream().filter(c -> c.getPackageName().equals("io.feedline.bench"))
                        .anyMatch(c -> c.getDirectDependenciesFromSelf().stream()
                                .anyMatch(d -> d.getTargetClass().getPackageName().equals("io.feedline.testsupport"))))
                .as("the bench uses test-support, so the rule that production does not is not vacuous")
                .isTrue();
    }
}
