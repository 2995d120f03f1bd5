import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.opensearch.analysis.common.CommonAnalysisPlugin;
import org.opensearch.common.logging.LogConfigurator;
import org.opensearch.common.settings.Settings;
import org.opensearch.index.mapper.MapperExtrasPlugin;
import org.opensearch.node.InternalSettingsPreparer;
import org.opensearch.node.Node;
import org.opensearch.percolator.PercolatorPlugin;
import org.opensearch.transport.Netty4Plugin;

/**
 * A single OpenSearch 2.19 node for the local stack and the tests, assembled from Maven artifacts
 * (scripts/local/parts/opensearch/pom.xml) instead of a distribution: the server with the modules
 * production uses, given to the node as classpath plugins. HTTP and the transport listen on
 * 127.0.0.1 only (the transport on a free port); no security plugin, so requests are unsigned.
 * Usage: OpenSearchLoopback <home> <http port> [--owned | --warm-up]. The node stops on SIGTERM;
 * with --owned also when its standard input closes (the Node.js process that started it is gone),
 * so it never outlives its owner. With --warm-up it stops as soon as it has started: the run that
 * writes the class-data archive the next starts map (artifacts.mjs).
 * docs/decisions/044-a-real-opensearch-node.md.
 */
public class OpenSearchLoopback {
  static final class LoopbackNode extends Node {
    LoopbackNode(Settings settings) {
      super(
          InternalSettingsPreparer.prepareEnvironment(settings, Map.of(), null, () -> "loopback"),
          List.of(Netty4Plugin.class, CommonAnalysisPlugin.class, MapperExtrasPlugin.class, PercolatorPlugin.class),
          true);
    }
  }

  public static void main(String[] args) throws Exception {
    String mode = args.length == 3 ? args[2] : "";
    if (args.length < 2 || args.length > 3 || !(mode.isEmpty() || mode.equals("--owned") || mode.equals("--warm-up")))
      throw new IllegalArgumentException("usage: OpenSearchLoopback <home> <http port> [--owned | --warm-up]");
    Path home = Path.of(args[0]).toAbsolutePath();
    Settings settings = Settings.builder()
        .put("path.home", home.toString())
        .put("path.data", home.resolve("data").toString())
        .put("path.logs", home.resolve("logs").toString())
        .put("cluster.name", "mercado-local")
        .put("node.name", "loopback")
        .put("logger.level", "WARN")
        .put("network.host", "127.0.0.1")
        .put("http.port", Integer.parseInt(args[1]))
        .put("transport.port", 0)
        .put("discovery.type", "single-node")
        // A shared development disk may be fuller than the production watermarks allow.
        .put("cluster.routing.allocation.disk.threshold_enabled", false)
        // The serial collector leaves garbage until the heap fills: the real-memory breaker would
        // count it and refuse requests (429) that a production heap takes.
        .put("indices.breaker.total.use_real_memory", false)
        .build();
    LogConfigurator.configureWithoutConfig(settings);
    Node node = new LoopbackNode(settings);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        node.close();
        node.awaitClose(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        e.printStackTrace();
      }
    }, "loopback-shutdown"));
    if (mode.equals("--owned")) watchOwner();
    node.start();
    if (mode.equals("--warm-up")) System.exit(0);
    // The node's threads are daemons: this one keeps the JVM alive until exit (a signal, the owner).
    Thread.currentThread().join();
  }

  /** Exits when standard input ends: the process that started the node, holding its other end, is gone. */
  private static void watchOwner() {
    Thread owner = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // Nothing is ever written: only the end of the stream matters.
        }
      } catch (Exception ignored) {
        // A broken pipe ends the owner too.
      }
      System.exit(0);
    }, "loopback-owner");
    owner.setDaemon(true);
    owner.start();
  }
}
