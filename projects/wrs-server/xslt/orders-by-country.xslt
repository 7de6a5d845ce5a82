<!-- Demo stylesheet served by the reference server (GET /xslt/orders-by-country.xslt, compiled: ...xslt.sef.json).
     Orders of a Wrs per country: columns are found by their id, so it reads the sample file and the server's rows. -->
<xsl:stylesheet version="3.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0"
    exclude-result-prefixes="wrs"
    expand-text="yes">
  <xsl:param name="title" select="'Orders by country'"/>
  <xsl:variable name="columns" select="/*/wrs:Header/wrs:Columns/wrs:C"/>
  <xsl:variable name="country" select="number($columns[@id = 'country']/@pos)"/>
  <xsl:variable name="quantity" select="number($columns[@id = 'quantity']/@pos)"/>

  <xsl:template match="/">
    <div class="report">
      <h3>{$title}: {count(/*/wrs:Data/*)} orders</h3>
      <table>
        <thead><tr><th>Country</th><th>Orders</th><th>Quantity</th></tr></thead>
        <tbody>
          <xsl:for-each-group select="/*/wrs:Data/*" group-by="string(wrs:C[$country])">
            <xsl:sort select="current-grouping-key()"/>
            <tr>
              <td>{current-grouping-key()}</td>
              <td>{count(current-group())}</td>
              <td>{sum(current-group()/wrs:C[$quantity])}</td>
            </tr>
          </xsl:for-each-group>
        </tbody>
      </table>
    </div>
  </xsl:template>
</xsl:stylesheet>
